import type { RequestHandler } from 'express';
import multer, { MulterError } from 'multer';
import { DomainError } from '@tip/platform';
import type { UploadRule } from '@tip/identity/domain';

/** Text fields of our forms are short; these bounds stop an oversized field as soon as it crosses them. */
const FIELD_LIMITS = { fields: 20, fieldSize: 8 * 1024, fieldNameSize: 100, parts: 21, headerPairs: 50 };
/**
 * A body declared larger than twice the photo's limit is refused from its Content-Length, before any of it is read;
 * below that, the parser finds which part is too large and says so.
 */
const declaredLimit = (rule: UploadRule) => 2 * rule.maxBytes + 1024 * 1024;

/**
 * Reads a multipart form with at most one file, in `fileField`, into memory. Limits abort the upload as soon as a
 * part crosses them: the photo's own limit answers 413 with the rule's message, any other excess 413 in general
 * terms, and a malformed or unexpected part 400.
 */
export function multipartForm(fileField: string, rule: UploadRule): RequestHandler {
  const parse = multer({
    storage: multer.memoryStorage(),
    limits: { ...FIELD_LIMITS, files: 1, fileSize: rule.maxBytes },
  }).single(fileField);
  const declaredMax = declaredLimit(rule);

  return (req, res, next) => {
    if (Number(req.headers['content-length'] ?? 0) > declaredMax) {
      // Not worth reading: close the connection rather than drain what the client would still send.
      res.setHeader('Connection', 'close');
      return next(new DomainError('PAYLOAD_TOO_LARGE', 'errors.payloadTooLarge'));
    }
    parse(req, res, (error: unknown) => next(error === undefined ? undefined : uploadError(error, rule)));
  };
}

function uploadError(error: unknown, rule: UploadRule): unknown {
  if (error instanceof MulterError) {
    if (error.code === 'LIMIT_FILE_SIZE') return new DomainError('PAYLOAD_TOO_LARGE', rule.tooLargeKey);
    if (error.code === 'LIMIT_UNEXPECTED_FILE') return new DomainError('INVALID_ARGUMENT', 'errors.invalidInput');
    return new DomainError('PAYLOAD_TOO_LARGE', 'errors.payloadTooLarge');
  }
  // busboy's complaints about a malformed body (no boundary, truncated form) are plain Errors.
  if (error instanceof Error && !(error instanceof DomainError)) {
    return new DomainError('INVALID_ARGUMENT', 'errors.invalidInput');
  }
  return error;
}

/** The uploaded file as identity's Upload message, or a 400 with the rule's "photo required" message. */
export function requiredUpload(file: Express.Multer.File | undefined, rule: UploadRule) {
  if (!file || file.size === 0) throw new DomainError('INVALID_ARGUMENT', rule.requiredKey);
  return { content: file.buffer, fileName: file.originalname };
}
