import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Run by `npm run build` after Vite: writes a .br and a .gz file next to each text file of the build,
 * compressed once at the highest levels, which the server sends to browsers that accept them
 * (@fastify/static's preCompressed). Compressing here instead of per request costs the server nothing
 * and allows levels too slow for on-the-fly compression.
 */

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const TEXT_FILE = /\.(js|css|svg|json)$/;

function compressedVariants(body: Buffer): [extension: string, data: Buffer][] {
  const brotli = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  return [
    ['.br', brotli],
    ['.gz', gzipSync(body, { level: constants.Z_BEST_COMPRESSION })],
  ];
}

function textFiles(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    return entry.isFile() && TEXT_FILE.test(entry.name) ? [file] : [];
  });
}

function main(): void {
  if (!fs.existsSync(dist)) throw new Error(`${dist} does not exist: run vite build first`);
  let original = 0;
  let brotli = 0;
  for (const file of textFiles(dist)) {
    const body = fs.readFileSync(file);
    original += body.length;
    for (const [extension, data] of compressedVariants(body)) {
      // A tiny file can grow when compressed: the server then sends the original.
      if (data.length >= body.length) continue;
      fs.writeFileSync(file + extension, data);
      if (extension === '.br') brotli += data.length;
    }
  }
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(`precompress: ${kb(original)} of text files, ${kb(brotli)} as brotli (.br and .gz written)`);
}

main();
