import { z } from 'zod';

import type { HttpClient } from '../http';
import type { PageRequest } from '../paging';
import { pageQuery } from '../paging';
import { parseAnswer } from '../parse';
import type { Empresa } from '../schemas';
import { empresaCertificadoSchema, empresaSchema, listSchema } from '../schemas';

const path = (cpfCnpj: string, rest = '') => `/empresas/${encodeURIComponent(cpfCnpj)}${rest}`;

export type EmpresaInput = Omit<Empresa, 'created_at' | 'updated_at'>;

export type ServiceConfigKind = 'cte' | 'cteos' | 'dce' | 'mdfe' | 'distnfe' | 'nfse';

const configSchema = z.looseObject({});
type Config = z.infer<typeof configSchema>;

export function empresasApi(http: HttpClient) {
  return {
    async listar(filtro: { cpf_cnpj?: string } = {}, page?: Partial<PageRequest>) {
      const value = await http.json({
        method: 'GET',
        path: '/empresas',
        query: { ...filtro, ...pageQuery(page) },
      });
      return parseAnswer(listSchema(empresaSchema), value, 'empresas');
    },
    async consultar(cpfCnpj: string) {
      return parseAnswer(empresaSchema, await http.json({ method: 'GET', path: path(cpfCnpj) }), 'empresa');
    },
    async criar(empresa: EmpresaInput) {
      return parseAnswer(
        empresaSchema,
        await http.json({ method: 'POST', path: '/empresas', body: empresa }),
        'empresa',
      );
    },
    async alterar(cpfCnpj: string, empresa: Partial<EmpresaInput>) {
      const value = await http.json({ method: 'PUT', path: path(cpfCnpj), body: empresa });
      return parseAnswer(empresaSchema, value, 'empresa');
    },
    async excluir(cpfCnpj: string) {
      await http.json({ method: 'DELETE', path: path(cpfCnpj) });
    },
    async certificado(cpfCnpj: string) {
      const value = await http.json({ method: 'GET', path: path(cpfCnpj, '/certificado') });
      return parseAnswer(empresaCertificadoSchema, value, 'certificado');
    },
    /** Sends the .pfx bytes (base64) and its password; the password is never kept by the app. */
    async cadastrarCertificado(cpfCnpj: string, pfx: Buffer, password: string) {
      const value = await http.json({
        method: 'PUT',
        path: path(cpfCnpj, '/certificado'),
        body: { certificado: pfx.toString('base64'), password },
      });
      return parseAnswer(empresaCertificadoSchema, value, 'certificado');
    },
    async excluirCertificado(cpfCnpj: string) {
      await http.json({ method: 'DELETE', path: path(cpfCnpj, '/certificado') });
    },
    /** `GET /empresas/certificados` (after 2.58; see the reference README). */
    async listarCertificados(
      filtro: { expires_in?: number; include_expired?: boolean } = {},
      page?: Partial<PageRequest>,
    ) {
      const value = await http.json({
        method: 'GET',
        path: '/empresas/certificados',
        query: { ...filtro, ...pageQuery(page) },
      });
      return parseAnswer(listSchema(empresaCertificadoSchema), value, 'certificados');
    },
    async config(cpfCnpj: string, kind: ServiceConfigKind): Promise<Config> {
      return parseAnswer(
        configSchema,
        await http.json({ method: 'GET', path: path(cpfCnpj, `/${kind}`) }),
        'configuração',
      );
    },
    async alterarConfig(cpfCnpj: string, kind: ServiceConfigKind, config: Config): Promise<Config> {
      const value = await http.json({ method: 'PUT', path: path(cpfCnpj, `/${kind}`), body: config });
      return parseAnswer(configSchema, value, 'configuração');
    },
    async logotipo(cpfCnpj: string) {
      return http.binary({ method: 'GET', path: path(cpfCnpj, '/logotipo') });
    },
    /** PNG or JPEG, at most 200 KB, sent as multipart/form-data (one file part). */
    async enviarLogotipo(cpfCnpj: string, image: Buffer, contentType: 'image/png' | 'image/jpeg') {
      const form = new FormData();
      const name = contentType === 'image/png' ? 'logotipo.png' : 'logotipo.jpg';
      form.append('file', new Blob([new Uint8Array(image)], { type: contentType }), name);
      await http.json({ method: 'PUT', path: path(cpfCnpj, '/logotipo'), body: form });
    },
    async excluirLogotipo(cpfCnpj: string) {
      await http.json({ method: 'DELETE', path: path(cpfCnpj, '/logotipo') });
    },
  };
}
