import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// scripts/api-generate.mjs --check against broken copies of the contract (`npm run api:check` runs it against
// the contract itself). Asynchronous: a blocking child would stall the test worker.
const frontend = path.resolve(__dirname, '../../..');
const contract = readFileSync(path.join(frontend, '../docs/api/openapi.yaml'), 'utf8');

function check(text: string): Promise<{ code: number; output: string }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'api-generate-test-'));
  writeFileSync(path.join(dir, 'openapi.yaml'), text);
  const args = ['scripts/api-generate.mjs', '--check', '--schema', path.join(dir, 'openapi.yaml')];
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd: frontend, encoding: 'utf8' }, (error, stdout, stderr) => {
      rmSync(dir, { recursive: true, force: true });
      resolve({ code: error === null ? 0 : Number(error.code), output: `${stdout}${stderr}` });
    });
  });
}

function retag(text: string, operationId: string, tags: string): string {
  const pattern = new RegExp(`tags: \\[\\w+\\]\\n(\\s+)operationId: ${operationId}\\n`);
  expect(text).toMatch(pattern);
  return text.replace(pattern, `tags: ${tags}\n$1operationId: ${operationId}\n`);
}

describe('api:generate', () => {
  it('fails when a generated file is stale', async () => {
    // The response description lands in the client as a comment.
    expect(contract).toContain('description: The card.\n');
    const { code, output } = await check(
      contract.replace('description: The card.\n', 'description: A card.\n'),
    );
    expect(output).toContain('src/features/profiles/api/profiles.generated.ts is stale');
    expect(code).toBe(1);
  }, 180_000);

  it('fails when an operation has no tag, or a tag without a client output', async () => {
    const broken = retag(retag(contract, 'getPublicUser', '[]'), 'listNotifications', '[treasury]').replace(
      'tags:\n',
      'tags:\n  - name: treasury\n    description: Test.\n',
    );
    const { code, output } = await check(broken);
    expect(output).toContain('GET /api/users/{id} (getPublicUser) has 0 tags');
    expect(output).toContain(
      'GET /api/notifications (listNotifications): tag "treasury" has no client output',
    );
    expect(code).toBe(1);
  }, 180_000);
});
