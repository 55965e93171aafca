import { mkdir, open, readFile, rm, stat, type FileHandle } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import type { ObjectStore, StoredObject, StoredRange } from '../../ports/objects.js';
import { isNotFound, writeFileAtomic } from '../fs/durable-files.js';
import { assertContentType, assertObjectKey } from './object-key.js';

const metadataSchema = z.object({ contentType: z.string().min(1) });
const FALLBACK_CONTENT_TYPE = 'application/octet-stream';

/**
 * Objects as files under `<dataDir>/media/`, each written to a temporary file and renamed into place, so a reader
 * never sees half an object. The content type sits in a hidden sidecar next to it (`.<name>.meta.json`); the body
 * is written last, so an object exists only once both are complete.
 */
export class FileObjectStore implements ObjectStore {
  private constructor(private readonly directory: string) {}

  static async open(dataDir: string): Promise<FileObjectStore> {
    const directory = join(dataDir, 'media');
    await mkdir(directory, { recursive: true });
    return new FileObjectStore(directory);
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const { file, metadata } = this.paths(key);
    assertContentType(contentType);
    await mkdir(dirname(file), { recursive: true });
    await writeFileAtomic(metadata, JSON.stringify({ contentType }));
    await writeFileAtomic(file, body);
  }

  async get(key: string): Promise<StoredObject | null> {
    const { file, metadata } = this.paths(key);
    let body: Buffer;
    try {
      body = await readFile(file);
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
    return { body, contentType: await readContentType(metadata) };
  }

  async getRange(key: string, offset: number, length: number): Promise<StoredRange | null> {
    const { file, metadata } = this.paths(key);
    let handle: FileHandle;
    try {
      handle = await open(file, 'r');
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
    try {
      // One open file: a put renames another into place, so size and bytes come from the same version.
      const { size } = await handle.stat();
      const start = Math.min(Math.max(offset, 0), size);
      const body = Buffer.alloc(Math.max(Math.min(length, size - start), 0));
      const { bytesRead } = await handle.read(body, 0, body.length, start);
      return { body: body.subarray(0, bytesRead), contentType: await readContentType(metadata), totalSize: size };
    } finally {
      await handle.close();
    }
  }

  async delete(key: string): Promise<void> {
    const { file, metadata } = this.paths(key);
    await rm(file, { force: true });
    await rm(metadata, { force: true });
  }

  async deleteUnder(folder: string): Promise<void> {
    assertObjectKey(folder);
    const path = join(this.directory, folder);
    // A file there is an object named `folder` itself, which is not under it.
    const isFolder = await stat(path).then(
      (found) => found.isDirectory(),
      (error: unknown) => (isNotFound(error) ? false : Promise.reject(error)),
    );
    if (isFolder) await rm(path, { recursive: true, force: true });
  }

  async close(): Promise<void> {}

  private paths(key: string): { file: string; metadata: string } {
    assertObjectKey(key);
    const file = join(this.directory, key);
    const name = key.slice(key.lastIndexOf('/') + 1);
    return { file, metadata: join(dirname(file), `.${name}.meta.json`) };
  }
}

async function readContentType(path: string): Promise<string> {
  try {
    return metadataSchema.parse(JSON.parse(await readFile(path, 'utf8'))).contentType;
  } catch (error) {
    if (isNotFound(error)) return FALLBACK_CONTENT_TYPE;
    throw error;
  }
}
