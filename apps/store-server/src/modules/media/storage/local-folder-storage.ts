import { mkdir, readFile, readdir, rm, writeFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, type ObjectStorage, type StoredObject } from './object-storage';

const META_SUFFIX = '.meta.json';

/** Objects as files under one folder; the content type sits beside each file in a small JSON file. */
export class LocalFolderStorage implements ObjectStorage {
  constructor(private readonly root: string) {}

  private fileOf(key: string): string {
    assertSafeKey(key);
    if (key.endsWith(META_SUFFIX)) throw new Error(`object keys may not end with ${META_SUFFIX}`);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Uint8Array, contentType: string): Promise<void> {
    const file = this.fileOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temporary, body);
    await rename(temporary, file);
    await writeFile(`${file}${META_SUFFIX}`, JSON.stringify({ contentType }));
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = this.fileOf(key);
    try {
      const body = new Uint8Array(await readFile(file));
      const meta = JSON.parse(await readFile(`${file}${META_SUFFIX}`, 'utf8').catch(() => '{}')) as { contentType?: string };
      return { body, contentType: meta.contentType ?? 'application/octet-stream' };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    const walk = async (folder: string, keyPrefix: string): Promise<void> => {
      const entries = await readdir(folder, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      for (const entry of entries) {
        const key = `${keyPrefix}${entry.name}`;
        if (entry.isDirectory()) await walk(path.join(folder, entry.name), `${key}/`);
        else if (!entry.name.endsWith(META_SUFFIX) && !entry.name.endsWith('.tmp') && key.startsWith(prefix)) keys.push(key);
      }
    };
    await walk(this.root, '');
    return keys.sort();
  }

  async delete(key: string): Promise<void> {
    const file = this.fileOf(key);
    await rm(file, { force: true });
    await rm(`${file}${META_SUFFIX}`, { force: true });
  }
}
