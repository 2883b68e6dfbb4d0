import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import { addSeconds, type Clock } from '../../shared/clock';
import { contentTypeOfSuffix } from './content-rules';
import { MediaRepository, nameOfPath } from './media.repository';
import { storeKeyPrefix, type ObjectStorage } from './storage/object-storage';

/** The approved demo store (db/seed.ts DEMO_STORE.id). */
const DEMO_STORE_ID = 1001;

/** Demo media of the approved demo store, so the media page and pickers are meaningful under `npm start`. */
const DEMO_MEDIA = [
  { name: 'summer-banner.png', path: '/noWatermark/banners', color: [236, 112, 99], tags: ['banner', 'summer'], references: 2, daysAgo: 1 },
  { name: 'autumn-banner.png', path: '/noWatermark/banners', color: [245, 176, 65], tags: ['banner'], references: 0, daysAgo: 3 },
  { name: 'sofa-front.png', path: '/noWatermark/products', color: [93, 173, 226], tags: ['sofa', 'living room'], references: 3, daysAgo: 5 },
  { name: 'sofa-side.png', path: '/noWatermark/products', color: [72, 201, 176], tags: ['sofa'], references: 1, daysAgo: 6 },
  { name: 'lamp.png', path: '/noWatermark/products', color: [175, 122, 197], tags: ['lighting'], references: 0, daysAgo: 8 },
  { name: 'store-front.png', path: '/noWatermark', color: [88, 214, 141], tags: [], references: 0, daysAgo: 12 },
  { name: 'logo-watermarked.png', path: '/watermark', color: [133, 146, 158], tags: ['logo'], references: 1, daysAgo: 2 },
] as const;

const DAY_SECONDS = 24 * 60 * 60;

/** Drawn once per process: the seed and every start-up ask for the same seven pictures (~60 ms each). */
const demoBytesByName = new Map<string, Uint8Array>();

function demoBytes(entry: (typeof DEMO_MEDIA)[number]): Uint8Array {
  let bytes = demoBytesByName.get(entry.name);
  if (!bytes) demoBytesByName.set(entry.name, (bytes = solidPng(240, 160, entry.color)));
  return bytes;
}

const keyOf = (md5: string) => `${storeKeyPrefix(DEMO_STORE_ID)}${md5}.png`;
const md5Of = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

/** Inserts the demo media rows once (called from db/seed.ts). */
export async function seedDemoMedia(db: Kysely<StoreDatabase>, clock: Clock): Promise<void> {
  const repository = new MediaRepository(db);
  const store = await db.selectFrom('store_store').select('id').where('id', '=', DEMO_STORE_ID).executeTakeFirst();
  if (!store) return;
  const catalogs = await repository.catalogs(DEMO_STORE_ID);
  if (catalogs.length > 0) return; // seeded before (or the merchant has used the library)
  for (const path of ['/noWatermark', '/watermark', '/noWatermark/banners', '/noWatermark/products']) {
    await repository.ensureCatalog(DEMO_STORE_ID, path, nameOfPath);
  }
  for (const entry of DEMO_MEDIA) {
    const bytes = demoBytes(entry);
    const md5 = md5Of(bytes);
    await repository.insertRegistered({
      storeId: DEMO_STORE_ID,
      catalogPath: entry.path,
      objectName: entry.name,
      objectSuffix: 'png',
      objectMd5: md5,
      objectKey: keyOf(md5),
      contentType: contentTypeOfSuffix('png'),
      referenceCount: entry.references,
      sizeBytes: bytes.byteLength,
      tags: entry.tags,
      createdAt: addSeconds(clock.now(), -entry.daysAgo * DAY_SECONDS),
    });
  }
}

/** Puts the demo objects into storage when missing (a fresh folder or bucket); runs at start-up. */
export async function ensureDemoMediaObjects(storage: ObjectStorage): Promise<void> {
  for (const entry of DEMO_MEDIA) {
    const bytes = demoBytes(entry);
    const key = keyOf(md5Of(bytes));
    if (!(await storage.get(key))) await storage.put(key, bytes, contentTypeOfSuffix('png'));
  }
}

/** A small PNG: a diagonal two-tone gradient of one colour (real bytes, so file-type and <img> accept it). */
export function solidPng(width: number, height: number, [r, g, b]: readonly [number, number, number]): Uint8Array {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const shade = 0.75 + 0.25 * ((x + y) / (width + height));
      raw[row + 1 + x * 3] = Math.round(r * shade);
      raw[row + 2 + x * 3] = Math.round(g * shade);
      raw[row + 3 + x * 3] = Math.round(b * shade);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
