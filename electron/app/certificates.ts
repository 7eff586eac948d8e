import { randomUUID } from 'node:crypto';

import { PfxError, readPfx } from '../documents/certificate/read-pfx';
import { AppError } from '../shared/errors';
import { formatDate } from '../shared/format';
import type { CertificateInfo } from '../shared/schemas/certificate';
import { MAX_PFX_BYTES } from '../shared/schemas/certificate';

interface HeldFile {
  fileName: string;
  bytes: Buffer;
  expiresAt: number;
}

const pfxMessages: Record<PfxError['problem'], string> = {
  'not-pkcs12': 'O arquivo escolhido não é um certificado digital A1 (.pfx ou .p12).',
  corrupt:
    'O arquivo do certificado está danificado (incompleto ou alterado). Copie o .pfx de novo a partir do original ou peça uma nova cópia a quem emitiu o certificado.',
  'wrong-password': 'Senha do certificado incorreta. Confira a senha e tente de novo.',
  'no-key':
    'O arquivo não contém a chave privada do certificado. Exporte o certificado A1 com a chave privada.',
  'no-certificate': 'O arquivo não contém o certificado correspondente à chave privada.',
};

const DAY = 86_400_000;

/**
 * Certificate files the user picked, held in the main process (the renderer gets a handle), read with
 * their password only to check them before the upload. The password is never stored.
 */
export class CertificateFiles {
  private readonly files = new Map<string, HeldFile>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly ttlMs = 15 * 60_000,
  ) {}

  hold(fileName: string, bytes: Buffer): { handle: string; fileName: string; size: number } {
    this.sweep();
    if (bytes.length === 0) throw new AppError('certificate_empty', 'O arquivo do certificado está vazio.');
    if (bytes.length > MAX_PFX_BYTES) {
      throw new AppError(
        'certificate_too_large',
        'O arquivo é grande demais para ser um certificado A1 (máximo 256 KB).',
      );
    }
    const handle = randomUUID();
    this.files.set(handle, { fileName, bytes, expiresAt: this.now() + this.ttlMs });
    return { handle, fileName, size: bytes.length };
  }

  get(handle: string): HeldFile {
    this.sweep();
    const file = this.files.get(handle);
    if (!file) {
      throw new AppError(
        'certificate_handle',
        'O arquivo do certificado não está mais carregado. Escolha o arquivo de novo.',
      );
    }
    return file;
  }

  release(handle: string): void {
    this.files.delete(handle);
  }

  inspect(handle: string, password: string): CertificateInfo & { bytes: Buffer } {
    const file = this.get(handle);
    let contents;
    try {
      contents = readPfx(file.bytes, password);
    } catch (error) {
      if (error instanceof PfxError)
        throw new AppError(`certificate_${error.problem}`, pfxMessages[error.problem]);
      throw error;
    }
    const now = this.now();
    return {
      subject: contents.subjectName,
      issuer: contents.issuerName,
      notBefore: contents.notBefore.toISOString(),
      notAfter: contents.notAfter.toISOString(),
      cpfCnpj: contents.cpfCnpj,
      nomeRazaoSocial: contents.nomeRazaoSocial,
      expired: contents.notAfter.getTime() <= now,
      daysLeft: Math.floor((contents.notAfter.getTime() - now) / DAY),
      bytes: file.bytes,
    };
  }

  private sweep(): void {
    const now = this.now();
    for (const [handle, file] of this.files) if (file.expiresAt <= now) this.files.delete(handle);
  }
}

/** Checks done before a certificate is sent to the API, each with its own message. */
export function assertUploadable(info: CertificateInfo, cpfCnpj: string): void {
  if (info.expired) {
    const date = formatDate(new Date(info.notAfter));
    throw new AppError(
      'certificate_expired',
      `Este certificado venceu em ${date}. Use um certificado dentro da validade.`,
    );
  }
  if (info.cpfCnpj && info.cpfCnpj !== cpfCnpj) {
    throw new AppError(
      'certificate_other_cnpj',
      `Este certificado é do CNPJ/CPF ${info.cpfCnpj}, não da empresa ${cpfCnpj}. Escolha o certificado da empresa.`,
    );
  }
  if (!info.cpfCnpj) {
    throw new AppError(
      'certificate_no_cnpj',
      'Não foi possível ler o CNPJ/CPF do certificado. Use um certificado ICP-Brasil da empresa (e-CNPJ A1).',
    );
  }
}
