import type { Request, Response } from 'express';
import busboy from 'busboy';
import type { Readable } from 'node:stream';
import { DomainError } from '@tip/platform';
import type { UploadRule } from '@tip/identity/domain';

/** Text fields of our forms are short; these bounds stop an oversized field as soon as it crosses them. */
const FIELD_LIMITS = { fields: 20, fieldSize: 8 * 1024, fieldNameSize: 100, parts: 21, headerPairs: 50 };
/** What the fields may add to the file: a body declared larger than the file's bound and this is refused unread. */
const FIELDS_ALLOWANCE = 1024 * 1024;

/** The file of a form as it arrives: its name and its chunks, which end in the rule's refusal past its bound. */
export interface ArrivingFile {
  name: string;
  chunks: AsyncIterable<Buffer>;
  /** The form's text fields, once the body has been read to its end (after the file). */
  fields: Promise<Record<string, string>>;
}

/**
 * Reads a multipart form with at most one file, in `fileField`, without holding the file: `withFile` gets its chunks
 * as they arrive (the request is paused while they wait to be taken), and the rule's bound is enforced on the way,
 * with its message ('Il video può pesare al massimo 200 MB') as soon as the file crosses it. Answers the form's
 * fields and what `withFile` answered, or null when the form had no file. A malformed body, another file or an
 * oversized field is refused as the buffered form (uploads.ts) refuses it.
 */
export async function streamMultipart<T>(
  req: Request,
  res: Response,
  fileField: string,
  rule: UploadRule,
  withFile: (file: ArrivingFile) => Promise<T>,
): Promise<{ fields: Record<string, string>; answer: T | null }> {
  if (Number(req.headers['content-length'] ?? 0) > rule.maxBytes + FIELDS_ALLOWANCE) {
    // Not worth reading: close the connection rather than drain what the client would still send.
    res.setHeader('Connection', 'close');
    throw new DomainError('PAYLOAD_TOO_LARGE', 'errors.payloadTooLarge');
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: req.headers, limits: { ...FIELD_LIMITS, files: 1, fileSize: rule.maxBytes } });
  } catch {
    // Not multipart, or without a boundary.
    throw new DomainError('INVALID_ARGUMENT', 'errors.invalidInput');
  }
  const fields: Record<string, string> = {};
  let fileSeen = false;
  // What withFile answers once the file begins (adopting its outcome, so that a refusal ends the wait at once), or
  // null once the body ends without one.
  let settleFile: (answer: Promise<T> | null) => void = () => undefined;
  const fileAnswer = new Promise<T | null>((resolve) => (settleFile = resolve));
  let problem: DomainError | null = null;
  const read = new Promise<Record<string, string>>((resolve, reject) => {
    const refuse = (refusal: DomainError) => {
      problem ??= refusal;
      reject(problem);
    };
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated || info.nameTruncated)
        refuse(new DomainError('PAYLOAD_TOO_LARGE', 'errors.payloadTooLarge'));
      else fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== fileField || fileSeen) {
        stream.resume();
        refuse(new DomainError('INVALID_ARGUMENT', 'errors.invalidInput'));
        return;
      }
      fileSeen = true;
      settleFile(withFile({ name: info.filename ?? '', chunks: bounded(stream, rule), fields: read }));
    });
    for (const limit of ['partsLimit', 'filesLimit', 'fieldsLimit'] as const) {
      parser.on(limit, () => refuse(new DomainError('PAYLOAD_TOO_LARGE', 'errors.payloadTooLarge')));
    }
    parser.on('error', () => refuse(new DomainError('INVALID_ARGUMENT', 'errors.invalidInput')));
    parser.on('close', () => {
      settleFile(null);
      if (problem) reject(problem);
      else resolve(fields);
    });
  });
  read.catch(() => undefined);
  req.pipe(parser);
  try {
    const [readFields, answer] = await Promise.all([read, fileAnswer]);
    return { fields: readFields, answer };
  } catch (error) {
    // Whatever the client still sends is not read: the connection closes with the answer.
    req.unpipe(parser);
    res.setHeader('Connection', 'close');
    throw error;
  }
}

/** The file's chunks, ending in the rule's refusal once busboy has cut it at the bound. */
async function* bounded(stream: Readable & { truncated?: boolean }, rule: UploadRule): AsyncGenerator<Buffer> {
  for await (const chunk of stream) yield chunk as Buffer;
  if (stream.truncated) throw new DomainError('PAYLOAD_TOO_LARGE', rule.tooLargeKey);
}
