// What the page keeps across reloads: a small key-value store in the
// browser's IndexedDB (the environment, its packages, the deploy's
// settings, state and log). A browser that refuses storage (private
// modes) still works, without keeping anything. An embedded page
// (?embed=1, in another page's frame) keeps its state in memory only:
// it neither shows nor overwrites what the full page keeps.

/** Whether the page is embedded (?embed=1): no top bar's views, nothing kept. */
export const embedded = new URLSearchParams(location.search).get('embed') === '1';

const memory = new Map<string, unknown>();

const dbName = 'murano-playground';
const storeName = 'kv';

let opened: Promise<IDBDatabase | undefined> | undefined;

function db(): Promise<IDBDatabase | undefined> {
  opened ??= new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(dbName, 1);
    } catch {
      resolve(undefined);
      return;
    }
    request.onupgradeneeded = () => request.result.createObjectStore(storeName);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(undefined);
    request.onblocked = () => resolve(undefined);
  });
  return opened;
}

function done(request: IDBRequest): Promise<unknown> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/** Reads a value; undefined when absent or when nothing can be stored. */
export async function load<T>(key: string): Promise<T | undefined> {
  if (embedded) return structuredClone(memory.get(key)) as T | undefined;
  const d = await db();
  if (!d) return undefined;
  try {
    return (await done(d.transaction(storeName).objectStore(storeName).get(key))) as T | undefined;
  } catch {
    return undefined;
  }
}

/** Writes a value (a structured-cloneable one); failures are reported, not thrown. */
export async function save(key: string, value: unknown): Promise<boolean> {
  if (embedded) {
    memory.set(key, structuredClone(value));
    return true;
  }
  const d = await db();
  if (!d) return false;
  try {
    await done(d.transaction(storeName, 'readwrite').objectStore(storeName).put(value, key));
    return true;
  } catch (err) {
    console.warn(`could not save ${key}: ${(err as Error).message}`);
    return false;
  }
}
