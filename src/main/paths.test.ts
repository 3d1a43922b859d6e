import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helpers/tempProject';
import { demoProjectPath } from './paths';

let dir: string;
let cleanup: () => void;
const saved = process.env.SIEVE_DATA_DIR;
beforeEach(() => {
  ({ dir, cleanup } = tempDir());
  process.env.SIEVE_DATA_DIR = path.join(dir, 'data');
  fs.mkdirSync(path.join(dir, 'res', 'demo', 'audio'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'res', 'demo', 'demo.sieve'), 'v1');
  fs.writeFileSync(path.join(dir, 'res', 'demo', 'audio', 'x.wav'), 'wav');
});
afterEach(() => {
  if (saved === undefined) delete process.env.SIEVE_DATA_DIR;
  else process.env.SIEVE_DATA_DIR = saved;
  cleanup();
});

describe('demoProjectPath', () => {
  it('copies the bundled demo once into the data folder and then keeps the user’s copy', () => {
    const file = demoProjectPath(path.join(dir, 'res'));
    expect(file).toBe(path.join(dir, 'data', 'demo', 'demo.sieve'));
    expect(fs.readFileSync(path.join(dir, 'data', 'demo', 'audio', 'x.wav'), 'utf8')).toBe('wav');
    fs.writeFileSync(file, 'edited by the user');
    fs.writeFileSync(path.join(dir, 'res', 'demo', 'demo.sieve'), 'v2');
    expect(demoProjectPath(path.join(dir, 'res'))).toBe(file);
    expect(fs.readFileSync(file, 'utf8')).toBe('edited by the user');
    expect(fs.readFileSync(path.join(dir, 'res', 'demo', 'demo.sieve'), 'utf8')).toBe('v2');
  });
});
