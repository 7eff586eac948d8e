// Web host: files come back as base64 and reach the user through a normal browser download.
export function base64ToBlob(base64: string, type: string): Blob {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

export function downloadBase64(fileName: string, base64: string, type = 'application/octet-stream'): void {
  const url = URL.createObjectURL(base64ToBlob(base64, type));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Opens a PDF in a new browser tab, where the user prints it with the browser's own dialog. */
export function openPdf(base64: string): boolean {
  const url = URL.createObjectURL(base64ToBlob(base64, 'application/pdf'));
  const opened = window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 120_000);
  return opened !== null;
}

/** What a produced file answer says to the user. */
export function deliverProduced(
  file: {
    fileName: string;
    savedTo: string | null;
    base64: string | null;
    cancelled: boolean;
  },
  type?: string,
): string | null {
  if (file.cancelled) return null;
  if (file.base64 !== null) {
    downloadBase64(file.fileName, file.base64, type);
    return `${file.fileName} baixado pelo navegador.`;
  }
  return file.savedTo ? `Salvo em ${file.savedTo}` : null;
}
