// What the console shows on first load, and the expressions offered as examples.

import type { Flavor } from './api/yaql';

export const sampleData = `# YAML or JSON
users:
  - name: alice
    age: 34
    roles: [admin, dev]
  - name: bob
    age: 27
    roles: [dev]
  - name: carol
    age: 45
    roles: [ops]
`;

export const defaultExpression = '$.users.where($.age > 30).name';

/** Plain YAQL expressions over sampleData. */
export const examples: string[] = [
  '$.users.where($.age > 30).name',
  '$.users.orderBy($.age).select($.name)',
  '$.users.selectMany($.roles).distinct()',
  'dict($.users.select([$.name, $.age]))',
  "'Hello, {0}!'.format($.users[0].name)",
  'range(1, 11).where($ mod 2 = 0).sum()',
];

export const flavors: { value: Flavor; label: string }[] = [
  { value: 'plain', label: 'YAQL' },
  { value: 'legacy', label: 'YAQL legacy' },
  { value: 'murano', label: 'MuranoPL' },
  { value: 'murano-legacy', label: 'MuranoPL legacy' },
];
