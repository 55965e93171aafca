import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@/api/client';

const PATH = '/api/users/me/export';
const FALLBACK_NAME = 'tip-data.zip';

export interface DataExport {
  file: Blob;
  fileName: string;
}

/** The name the server gives the download (Content-Disposition), or a plain one. */
function fileNameOf(response: Response): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(disposition)?.[1] ?? FALLBACK_NAME;
}

/**
 * The signed-in member's data as a zip (GET /api/users/me/export): everything the platform holds about them. Not
 * JSON, so not through `api`; a refusal (429, 401...) still comes back as an ApiError with the server's message.
 */
export async function exportMyData(): Promise<DataExport> {
  const headers: Record<string, string> = { Accept: 'application/zip, application/json' };
  if (typeof document !== 'undefined' && document.documentElement.lang)
    headers['Accept-Language'] = document.documentElement.lang;
  const response = await fetch(PATH, { headers, credentials: 'include' });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    const message = typeof body?.message === 'string' ? body.message : response.statusText || `HTTP ${response.status}`;
    throw new ApiError(response.status, message);
  }
  return { file: await response.blob(), fileName: fileNameOf(response) };
}

/** Hands a downloaded file to the browser, which saves it as a download. */
export function saveFile({ file, fileName }: DataExport): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click the browser has taken the file; a moment later the URL may go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useExportMyData(options: { onError?: (error: Error) => void } = {}) {
  return useMutation({ mutationFn: exportMyData, onSuccess: saveFile, onError: options.onError });
}
