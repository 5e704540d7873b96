// The state of the page that a link carries: which view, the YAQL
// console's expression and data, the package being edited (its files) and
// the tab it shows. A link puts it in the URL's fragment, never sent to a
// server: `#share=` followed by the base64url (no padding) of the
// deflate-raw compression (RFC 1951) of the state's JSON. The docs' build
// writes the same links (scripts/docs), so the format is fixed:
//
//	{"v": 1, "view": "yaql" | "packages" | "deploy",
//	 "yaql": {"expr", "data", "dataFormat": "auto" | "json" | "yaml", "flavor"},
//	 "package": {"files": {path: text | {"base64": …}}, "tab", "file"},
//	 "example": full name of a built-in example (instead of files)}
//
// Every member but v and view is optional.

export interface SharedState {
  v: 1;
  view: 'yaql' | 'packages' | 'deploy';
  yaql?: { expr: string; data?: string; dataFormat?: 'auto' | 'json' | 'yaml'; flavor?: string };
  package?: {
    /** The package's files by path: a text file's text, or a binary file's base64. */
    files: Record<string, string | { base64: string }>;
    /** The sub-view shown (overview, files, lint, forms, schema, run, tests). */
    tab?: string;
    /** The file open in the editor. */
    file?: string;
  };
  example?: string;
}

export const sharePrefix = '#share=';

async function pipe(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const out = new Blob([bytes as BlobPart]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

function toBase64url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4)), (c) => c.charCodeAt(0));
}

/** The fragment (with its "#share=") of a link to the state. */
export async function encodeState(state: SharedState): Promise<string> {
  const json = new TextEncoder().encode(JSON.stringify(state));
  return sharePrefix + toBase64url(await pipe(json, new CompressionStream('deflate-raw')));
}

/** The state of a link's fragment ("#share=…"); rejects one that is not. */
export async function decodeState(fragment: string): Promise<SharedState> {
  if (!fragment.startsWith(sharePrefix)) throw new Error('not a link to a state of the playground');
  let state: unknown;
  try {
    const json = await pipe(fromBase64url(fragment.slice(sharePrefix.length)), new DecompressionStream('deflate-raw'));
    state = JSON.parse(new TextDecoder().decode(json));
  } catch (err) {
    throw new Error(`the link is damaged (${(err as Error).message})`);
  }
  const s = state as Partial<SharedState> | null;
  if (!s || s.v !== 1 || !['yaql', 'packages', 'deploy'].includes(s.view ?? '')) throw new Error('the link is of another version of the playground');
  return s as SharedState;
}
