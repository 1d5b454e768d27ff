// Generates the typed RTK Query endpoints from docs/api/openapi.yaml: one client per OpenAPI tag, written into
// the tag's feature (src/features/<feature>/api/<tag>.generated.ts), and the schema types once, in
// src/lib/api/schema.generated.ts, which the clients import. With --check, fails when a committed file differs
// from what the contract gives (a stale client) or when an operation has no client.
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { generateEndpoints } from '@rtk-query/codegen-openapi';
import yaml from 'js-yaml';
import prettier from 'prettier';
import ts from 'typescript';

const frontend = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');
// --schema <file>: another contract (the generator's own test feeds broken ones); docs/api/openapi.yaml by default.
const schemaArg = process.argv.indexOf('--schema');
const schemaFile =
  schemaArg === -1
    ? path.resolve(frontend, '../docs/api/openapi.yaml')
    : path.resolve(process.cwd(), process.argv[schemaArg + 1]);

const kSchemaOutput = 'src/lib/api/schema.generated.ts';
const kSchemaImport = '@/lib/api/schema.generated';
// Tags whose client does not live in src/features/<tag>/api/<tag>.generated.ts (the default).
const kTagOutputs = {
  auth: 'src/features/identity/api/auth.generated.ts',
  user: 'src/features/identity/api/user.generated.ts',
  // Reference data every marketplace feature reads (orders, bids, profiles; later vacancies and resumes).
  catalog: 'src/lib/catalog/catalog.generated.ts',
  // The home page's front, which the landing feature draws.
  home: 'src/features/landing/api/home.generated.ts',
};
// Tags no RTK Query endpoint calls: probes, the XSRF cookie's ping, files used as plain URLs, and the socket's
// config and channel signatures (lib/realtime reads the one, pusher-js asks for the other).
const kServerOnlyTags = new Set(['platform', 'files', 'realtime', 'webhooks']);

const contract = yaml.load(readFileSync(schemaFile, 'utf8'));
const problems = [];
const declaredTags = new Set((contract.tags ?? []).map((tag) => tag.name));
const features = new Set(
  readdirSync(path.join(frontend, 'src/features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name),
);

function outputOf(tag) {
  if (kTagOutputs[tag] !== undefined) return kTagOutputs[tag];
  return features.has(tag) ? `src/features/${tag}/api/${tag}.generated.ts` : null;
}

// Each operation's one tag; operationId → tag.
const tagOf = new Map();
for (const [route, item] of Object.entries(contract.paths ?? {})) {
  for (const [method, operation] of Object.entries(item)) {
    if (typeof operation !== 'object' || operation?.operationId === undefined) continue;
    const where = `${method.toUpperCase()} ${route} (${operation.operationId})`;
    const tags = operation.tags ?? [];
    if (tags.length !== 1) {
      problems.push(`${where} has ${tags.length} tags; give it exactly one`);
      continue;
    }
    const [tag] = tags;
    if (!declaredTags.has(tag))
      problems.push(`${where}: tag "${tag}" is not declared under the top-level tags`);
    if (!kServerOnlyTags.has(tag) && outputOf(tag) === null) {
      problems.push(
        `${where}: tag "${tag}" has no client output; create src/features/${tag}/ or map the tag in kTagOutputs`,
      );
    }
    tagOf.set(operation.operationId, tag);
  }
}
const clientTags = [...new Set(tagOf.values())].filter((tag) => !kServerOnlyTags.has(tag)).sort();

const capitalized = (name) => name.charAt(0).toUpperCase() + name.slice(1);
const camel = (tag) => tag.replace(/[-_]+(\w)/g, (_match, letter) => letter.toUpperCase());
const endpointTypes = new Set(
  [...tagOf.keys()].flatMap((id) => [`${capitalized(id)}ApiResponse`, `${capitalized(id)}ApiArg`]),
);

async function generate(operationIds, exportName) {
  return generateEndpoints({
    schemaFile,
    // Not starting with '.', so the generator writes this import as it is.
    apiFile: '@/lib/api/base-api',
    apiImport: 'baseApi',
    exportName,
    hooks: false,
    tag: false,
    filterEndpoints: (name) => operationIds.has(name),
    // X-Requested-With and Accept-Language are added by the base query, never by callers; the Idempotency-Key of a
    // money-moving request is the caller's (one per payment the user means, kept across retries).
    endpointOverrides: [
      {
        pattern: /.*/,
        parameterFilter: (_name, parameter) =>
          parameter.in !== 'header' || parameter.name === 'Idempotency-Key',
      },
    ],
  });
}

// The top-level statements of a generated file, each with its leading comments, split into the schema types
// (named after components/schemas) and the rest (imports, the injected endpoints, argument and response types).
function split(text) {
  const source = ts.createSourceFile('generated.ts', text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const schema = new Map();
  const rest = [];
  for (const statement of source.statements) {
    const code = text.slice(statement.getFullStart(), statement.getEnd()).trim();
    if (ts.isTypeAliasDeclaration(statement) && !endpointTypes.has(statement.name.text)) {
      schema.set(statement.name.text, code);
    } else {
      rest.push(code);
    }
  }
  return { schema, rest };
}

const prettierOptions = JSON.parse(readFileSync(path.join(frontend, '.prettierrc.json'), 'utf8'));
const format = (text) => prettier.format(text, { ...prettierOptions, parser: 'typescript' });
const kHeader = '// Generated by scripts/api-generate.mjs from docs/api/openapi.yaml; do not edit.\n';

const files = new Map();
const allClientOperations = new Set(
  [...tagOf].filter(([, tag]) => !kServerOnlyTags.has(tag)).map(([id]) => id),
);
const everything = split(await generate(allClientOperations, 'schemaOnly'));
files.set(kSchemaOutput, kHeader + [...everything.schema.values()].join('\n'));

for (const tag of clientTags) {
  const output = outputOf(tag);
  if (output === null) continue;
  const operations = new Set([...tagOf].filter(([, of]) => of === tag).map(([id]) => id));
  const { schema, rest } = split(await generate(operations, `${camel(tag)}GeneratedApi`));
  for (const [name, code] of schema) {
    if (everything.schema.get(name) !== code)
      problems.push(`${output}: schema type ${name} differs per output`);
  }
  const body = rest.join('\n');
  const used = [...schema.keys()].filter((name) => new RegExp(`\\b${name}\\b`).test(body)).sort();
  const importLine = used.length === 0 ? '' : `import type { ${used.join(', ')} } from '${kSchemaImport}';\n`;
  const [baseImport, ...others] = rest;
  files.set(output, kHeader + [baseImport, importLine, ...others].join('\n'));
}

let stale = 0;
for (const [file, text] of files) {
  const fresh = await format(text);
  const full = path.join(frontend, file);
  if (check) {
    if (!existsSync(full) || readFileSync(full, 'utf8') !== fresh) {
      console.error(`api:check: ${file} is stale; run \`npm run api:generate\` and commit it`);
      stale += 1;
    }
  } else {
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, fresh);
    console.log(`generated ${file}`);
  }
}
// A generated client no tag produces any more (a renamed or emptied tag) would linger, still compiled.
const expected = new Set(files.keys());
const lingering = [...features]
  .flatMap((feature) => {
    const dir = path.join(frontend, 'src/features', feature, 'api');
    return existsSync(dir) ? readdirSync(dir).map((name) => `src/features/${feature}/api/${name}`) : [];
  })
  .filter((file) => file.endsWith('.generated.ts') && !expected.has(file));
for (const file of lingering) problems.push(`${file} belongs to no tag any more; delete it`);
for (const problem of problems) console.error(`api:generate: ${problem}`);
if (check && stale === 0 && problems.length === 0) {
  console.log('api:check: generated clients match docs/api/openapi.yaml');
}
process.exitCode = stale === 0 && problems.length === 0 ? 0 : 1;
