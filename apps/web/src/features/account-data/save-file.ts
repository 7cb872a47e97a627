import type { DownloadedFile } from '@/lib/api-client';

/**
 * Hands a downloaded file to the browser's own download: an object URL on a link with `download`,
 * clicked once, then let go (docs/product.md, "Export").
 */
export function saveFile(file: DownloadedFile, fallbackName: string): string {
  const name = file.fileName ?? fallbackName;
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once it started; a minute is plenty for slow machines.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return name;
}
