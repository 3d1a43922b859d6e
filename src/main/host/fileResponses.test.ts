import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../test/helpers/tempProject';
import { fileResponse, rendererFileResponse } from './fileResponses';

let dir: string;
let cleanup: () => void;
beforeEach(() => {
  ({ dir, cleanup } = tempDir());
  fs.writeFileSync(path.join(dir, 'a.wav'), Buffer.from('0123456789'));
  fs.mkdirSync(path.join(dir, 'r', 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'r', 'index.html'), '<html>');
  fs.writeFileSync(path.join(dir, 'r', 'assets', 'x.js'), 'js');
  fs.writeFileSync(path.join(dir, 'secret.txt'), 'secret');
});
afterEach(() => cleanup());

describe('fileResponse', () => {
  it('serves whole files and byte ranges', async () => {
    const file = path.join(dir, 'a.wav');
    const whole = fileResponse(file, null);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('audio/wav');
    expect(await whole.text()).toBe('0123456789');
    const part = fileResponse(file, 'bytes=2-4');
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 2-4/10');
    expect(await part.text()).toBe('234');
    expect(await fileResponse(file, 'bytes=7-').text()).toBe('789');
    expect(await fileResponse(file, 'bytes=-3').text()).toBe('789');
    expect(fileResponse(file, 'bytes=20-30').status).toBe(416);
    expect(fileResponse(path.join(dir, 'none'), null).status).toBe(404);
  });
});

describe('rendererFileResponse', () => {
  it('serves the renderer, falls back to index.html, and never leaves its folder', async () => {
    const r = path.join(dir, 'r');
    expect(await rendererFileResponse(r, '/assets/x.js').text()).toBe('js');
    expect(await rendererFileResponse(r, '/some/route').text()).toBe('<html>');
    expect(await rendererFileResponse(r, '/../secret.txt').text()).toBe('<html>');
    expect(await rendererFileResponse(r, '/%2e%2e/secret.txt').text()).toBe('<html>');
    expect(rendererFileResponse(r, '/%E0%A4%A').status).toBe(400);
  });
});
