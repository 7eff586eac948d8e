import { ApiError } from '../../nuvemfiscal';
import { AppError } from '../../shared/errors';
import type { RegisteredCertificate } from '../../shared/schemas/certificate';
import { MAX_PFX_BYTES } from '../../shared/schemas/certificate';
import { assertUploadable } from '../certificates';
import type { AppContext } from '../context';
import type { CommandTable } from '../dispatcher';
import { KnownCompanies, toRegistered } from '../known-companies';
import { toDataUrl, validateLogo } from '../logos';

type Channels =
  | 'certificate:pick'
  | 'certificate:load'
  | 'certificate:inspect'
  | 'certificate:upload'
  | 'certificates:list'
  | 'logo:get'
  | 'logo:set'
  | 'logo:remove';

export function certificateCommands(ctx: AppContext): Pick<CommandTable, Channels> {
  const known = new KnownCompanies(ctx);
  return {
    'certificate:pick': async () => {
      if (!ctx.host.pickFile) {
        throw new AppError('not_supported', 'Neste modo, escolha o arquivo pelo botão "Selecionar arquivo".');
      }
      const file = await ctx.host.pickFile({
        title: 'Escolha o certificado digital A1',
        filters: [{ name: 'Certificado digital (.pfx, .p12)', extensions: ['pfx', 'p12'] }],
        maxBytes: MAX_PFX_BYTES,
      });
      return file ? ctx.certificates.hold(file.fileName, file.bytes) : null;
    },
    'certificate:load': ({ fileName, base64 }) =>
      ctx.certificates.hold(fileName, Buffer.from(base64, 'base64')),
    'certificate:inspect': ({ handle, password }) => {
      const { bytes: _bytes, ...info } = ctx.certificates.inspect(handle, password);
      return info;
    },
    'certificate:upload': async ({ handle, password, cpfCnpj }) => {
      const { bytes, ...info } = ctx.certificates.inspect(handle, password);
      assertUploadable(info, cpfCnpj);
      const { client } = await ctx.api.client();
      const uploaded = await client.empresas.cadastrarCertificado(cpfCnpj, bytes, password);
      ctx.certificates.release(handle);
      return toRegistered(uploaded, Date.now());
    },
    'certificates:list': ({ expiresInDays, includeExpired }) =>
      // Offline, the list the API last gave (marked fromCache), so the Painel does not ask for a
      // certificate that was already sent.
      known.certificates(
        async (client) => {
          const now = Date.now();
          const certificates: RegisteredCertificate[] = [];
          for (let skip = 0; ; skip += 100) {
            const page = await client.empresas.listarCertificados(
              { expires_in: expiresInDays, include_expired: includeExpired },
              { top: 100, skip },
            );
            certificates.push(...page.data.map((c) => toRegistered(c, now)));
            if (page.data.length < 100) return certificates;
          }
        },
        { expiresInDays, includeExpired },
      ),
    'logo:get': async ({ cpfCnpj }) => {
      const local = await ctx.logos.load(cpfCnpj);
      if (local) {
        return {
          logo: {
            contentType: local.contentType,
            dataUrl: toDataUrl(local.bytes, local.contentType),
            size: local.bytes.length,
          },
        };
      }
      try {
        const { client } = await ctx.api.client();
        const remote = await client.empresas.logotipo(cpfCnpj);
        const type = remote.contentType.startsWith('image/jpeg') ? 'image/jpeg' : 'image/png';
        await ctx.logos.save(cpfCnpj, remote.data, type);
        return {
          logo: { contentType: type, dataUrl: toDataUrl(remote.data, type), size: remote.data.length },
        };
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return { logo: null };
        throw error;
      }
    },
    'logo:set': async ({ cpfCnpj, contentType, base64 }) => {
      const bytes = Buffer.from(base64, 'base64');
      const type = validateLogo(bytes, contentType);
      const { client } = await ctx.api.client();
      await client.empresas.enviarLogotipo(cpfCnpj, bytes, type);
      // Kept locally only after the API accepted it: nothing is saved half-way.
      await ctx.logos.save(cpfCnpj, bytes, type);
      return { logo: { contentType: type, dataUrl: toDataUrl(bytes, type), size: bytes.length } };
    },
    'logo:remove': async ({ cpfCnpj }) => {
      const { client } = await ctx.api.client();
      try {
        await client.empresas.excluirLogotipo(cpfCnpj);
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }
      await ctx.logos.remove(cpfCnpj);
      return { logo: null };
    },
  };
}
