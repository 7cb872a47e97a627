import { promisify } from 'node:util';
import { crc32, deflate } from 'node:zlib';

const deflateAsync = promisify(deflate);

/** A palette holds at most this many colours (8-bit indices). */
const PALETTE_SIZE = 256;
const SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
/** IHDR's colour type of a palette image. */
const INDEXED_COLOUR = 3;

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, tail]);
}

/**
 * Opaque RGBA pixels (`width` x `height`, 4 bytes each, as resvg paints them) as a lossless palette
 * PNG, or null when they hold more than 256 colours or any transparency. A share picture is flat
 * colours and their anti-aliased edges, about 200 colours: one byte a pixel instead of four halves
 * the PNG (docs/performance.md, "Share pictures"), and the PNG is what every request for a cached
 * picture sends. The rows are stored unfiltered, as the PNG specification advises for palette
 * images, and compressed off the event loop.
 */
export async function indexedPng(pixels: Buffer, width: number, height: number): Promise<Buffer | null> {
  // One number per pixel, whatever the machine's byte order: only equality matters here.
  const colours = new Uint32Array(pixels.buffer, pixels.byteOffset, width * height);
  const indexOf = new Map<number, number>();
  /** Where each palette colour was first seen, in bytes of `pixels`. */
  const firstAt: number[] = [];
  // Each row is a filter byte (0: none) and then one palette index a pixel.
  const rows = Buffer.alloc((width + 1) * height);
  let previous = -1;
  let previousIndex = 0;
  for (let y = 0; y < height; y += 1) {
    let at = y * (width + 1) + 1;
    for (let i = y * width, end = i + width; i < end; i += 1, at += 1) {
      const colour = colours[i] as number;
      // Runs of one colour are most of a picture: the last colour's index saves the lookup.
      if (colour !== previous) {
        let index = indexOf.get(colour);
        if (index === undefined) {
          if (indexOf.size === PALETTE_SIZE || pixels[i * 4 + 3] !== 255) return null;
          index = indexOf.size;
          indexOf.set(colour, index);
          firstAt.push(i * 4);
        }
        previous = colour;
        previousIndex = index;
      }
      rows[at] = previousIndex;
    }
  }
  const palette = Buffer.alloc(firstAt.length * 3);
  firstAt.forEach((at, index) => {
    pixels.copy(palette, index * 3, at, at + 3);
  });
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per index
  header[9] = INDEXED_COLOUR;
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('PLTE', palette),
    chunk('IDAT', await deflateAsync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
