// Reads a file the user picked (web host) as base64 for `certificate:load` / `logo:set`.

export function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error ?? new Error('Falha ao ler o arquivo.'));
    reader.onload = () => {
      const text = String(reader.result ?? '');
      resolve(text.slice(text.indexOf(',') + 1));
    };
    reader.readAsDataURL(file);
  });
}

/** Error codes of the certificate commands that are about the file, not the password. */
export const fileProblems = new Set([
  'certificate_not-pkcs12',
  'certificate_corrupt',
  'certificate_no-key',
  'certificate_no-certificate',
  'certificate_empty',
  'certificate_too_large',
  'certificate_expired',
  'certificate_other_cnpj',
  'certificate_no_cnpj',
  'certificate_handle',
]);
