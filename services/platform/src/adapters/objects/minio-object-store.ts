import { Client, S3Error } from 'minio';
import type { Readable } from 'node:stream';
import type { ObjectStore, StoredObject, StoredRange } from '../../ports/objects.js';
import { assertContentType, assertObjectKey } from './object-key.js';

export interface MinioOptions {
  /** e.g. http://minio:9000 */
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
}

const MISSING = new Set(['NoSuchKey', 'NotFound']);

/** Objects in a MinIO (or any S3) bucket, created on connect when missing. */
export class MinioObjectStore implements ObjectStore {
  private constructor(
    private readonly client: Client,
    private readonly bucket: string,
  ) {}

  static async connect(options: MinioOptions): Promise<MinioObjectStore> {
    const url = new URL(options.endpoint);
    const useSSL = url.protocol === 'https:';
    const client = new Client({
      endPoint: url.hostname,
      port: url.port ? Number(url.port) : useSSL ? 443 : 80,
      useSSL,
      accessKey: options.accessKey,
      secretKey: options.secretKey,
    });
    if (!(await client.bucketExists(options.bucket))) {
      try {
        await client.makeBucket(options.bucket);
      } catch (error) {
        if (!(await createdMeanwhile(client, options.bucket, error))) throw error;
      }
    }
    return new MinioObjectStore(client, options.bucket);
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertObjectKey(key);
    assertContentType(contentType);
    await this.client.putObject(this.bucket, key, body, body.length, { 'Content-Type': contentType });
  }

  async get(key: string): Promise<StoredObject | null> {
    assertObjectKey(key);
    try {
      const stat = await this.client.statObject(this.bucket, key);
      const body = await readAll(await this.client.getObject(this.bucket, key));
      const contentType = (stat.metaData as Record<string, string | undefined>)['content-type'];
      return { body, contentType: contentType ?? 'application/octet-stream' };
    } catch (error) {
      if (error instanceof S3Error && MISSING.has(error.code ?? '')) return null;
      throw error;
    }
  }

  async getRange(key: string, offset: number, length: number): Promise<StoredRange | null> {
    assertObjectKey(key);
    try {
      const stat = await this.client.statObject(this.bucket, key);
      const start = Math.min(Math.max(offset, 0), stat.size);
      const count = Math.max(Math.min(length, stat.size - start), 0);
      // A GET with `Range: bytes=start-end`; none for nothing (S3 answers 416, and a length of 0 means "to the end").
      const body =
        count === 0
          ? Buffer.alloc(0)
          : await readAll(await this.client.getPartialObject(this.bucket, key, start, count));
      const contentType = (stat.metaData as Record<string, string | undefined>)['content-type'];
      return { body, contentType: contentType ?? 'application/octet-stream', totalSize: stat.size };
    } catch (error) {
      if (error instanceof S3Error && MISSING.has(error.code ?? '')) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertObjectKey(key);
    await this.client.removeObject(this.bucket, key);
  }

  async deleteUnder(folder: string): Promise<void> {
    assertObjectKey(folder);
    const keys: string[] = [];
    for await (const item of this.client.listObjectsV2(this.bucket, `${folder}/`, true)) {
      if (item.name) keys.push(item.name);
    }
    if (keys.length === 0) return;
    // The bulk delete answers 200 while refusing single objects: those come back as errors in its result.
    const failed = (await this.client.removeObjects(this.bucket, keys)).find((result) => result?.Error);
    if (failed?.Error) {
      throw new Error(`could not delete ${failed.Error.Key ?? 'an object'}: ${failed.Error.Code ?? 'unknown error'}`);
    }
  }

  /** The client holds no connection of its own (each call is an HTTP request). */
  async close(): Promise<void> {}
}

/**
 * Whether makeBucket failed because another replica created the bucket meanwhile. MinIO then answers
 * BucketAlreadyOwnedByYou; some S3 servers (s3rver, for one) answer BucketAlreadyExists, which also means someone
 * else's bucket, so that answer counts only if the bucket is now visible to us.
 */
async function createdMeanwhile(client: Client, bucket: string, error: unknown): Promise<boolean> {
  if (!(error instanceof S3Error)) return false;
  if (error.code === 'BucketAlreadyOwnedByYou') return true;
  return error.code === 'BucketAlreadyExists' && (await client.bucketExists(bucket).catch(() => false));
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}
