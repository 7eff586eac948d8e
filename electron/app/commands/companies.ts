import type { CnpjEmpresa } from '../../nuvemfiscal';
import { ApiError } from '../../nuvemfiscal';
import type { CnpjLookup, CompanyDto } from '../../shared/schemas/company';
import { AppError } from '../../shared/errors';
import type { AppContext } from '../context';
import type { CommandTable } from '../dispatcher';
import { KnownCompanies, toDto } from '../known-companies';

type Channels =
  'companies:list' | 'companies:get' | 'companies:save' | 'lookup:cep' | 'lookup:cnpj' | 'lookup:cnpjList';

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

export function toCnpjLookup(value: CnpjEmpresa): CnpjLookup {
  const endereco = value.endereco;
  const phone = value.telefones?.[0];
  return {
    cnpj: value.cnpj ?? '',
    razao_social: value.razao_social,
    nome_fantasia: value.nome_fantasia,
    situacao: value.situacao_cadastral?.descricao,
    email: value.email,
    fone: phone ? `${phone.ddd ?? ''}${phone.numero ?? ''}`.replace(/\D/g, '') || null : null,
    endereco: endereco
      ? {
          logradouro: [endereco.tipo_logradouro, endereco.logradouro].filter(Boolean).join(' ') || null,
          numero: endereco.numero,
          complemento: endereco.complemento,
          bairro: endereco.bairro,
          codigo_municipio: endereco.municipio?.codigo_ibge,
          cidade: endereco.municipio?.descricao,
          uf: endereco.uf,
          cep: endereco.cep,
        }
      : null,
  };
}

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

export function companyCommands(ctx: AppContext): Pick<CommandTable, Channels> {
  const known = new KnownCompanies(ctx);
  return {
    'companies:list': async ({ cpfCnpj, nome }) => {
      const filter = cpfCnpj ? cpfCnpj.toUpperCase().replace(/[^0-9A-Z]/g, '') : undefined;
      // Offline, the list the API last gave (marked fromCache): the office still knows its companies.
      const { companies, ...mark } = await known.list(
        async (client) => {
          const all: CompanyDto[] = [];
          for (let skip = 0; ; skip += 100) {
            const page = await client.empresas.listar({ cpf_cnpj: filter }, { top: 100, skip });
            all.push(...page.data.map(toDto));
            if (page.data.length < 100) return all;
          }
        },
        { cpfCnpj: filter },
      );
      const prefix = nome ? fold(nome) : '';
      return {
        companies: prefix
          ? companies.filter(
              (c) =>
                fold(c.nome_razao_social).startsWith(prefix) ||
                fold(c.nome_fantasia ?? '').startsWith(prefix),
            )
          : companies,
        ...mark,
      };
    },
    'companies:get': ({ cpfCnpj }) => known.get(cpfCnpj),
    'companies:save': async (company) => {
      const { client } = await ctx.api.client();
      let exists = true;
      try {
        await client.empresas.consultar(company.cpf_cnpj);
      } catch (error) {
        if (!isNotFound(error)) throw error;
        exists = false;
      }
      const saved = exists
        ? await client.empresas.alterar(company.cpf_cnpj, company)
        : await client.empresas.criar(company);
      await known.remember(toDto(saved));
      const settings = ctx.host.settings.get();
      if (!settings.selectedCompany) ctx.host.settings.update({ selectedCompany: saved.cpf_cnpj });
      return toDto(saved);
    },
    'lookup:cep': async ({ cep }) => {
      const { client } = await ctx.api.client();
      try {
        const found = await client.cep.consultar(cep);
        return { ...found, cep: found.cep ?? cep };
      } catch (error) {
        if (isNotFound(error))
          throw new AppError(
            'cep_not_found',
            `CEP ${cep} não encontrado. Confira o número ou preencha o endereço à mão.`,
          );
        throw error;
      }
    },
    'lookup:cnpj': async ({ cnpj }) => {
      const { client } = await ctx.api.client();
      try {
        return toCnpjLookup(await client.cnpj.consultar(cnpj));
      } catch (error) {
        if (isNotFound(error))
          throw new AppError(
            'cnpj_not_found',
            `CNPJ ${cnpj} não encontrado na base da Receita. Preencha os dados à mão.`,
          );
        throw error;
      }
    },
    'lookup:cnpjList': async ({ top, skip, ...filter }) => {
      const { client } = await ctx.api.client();
      // Ask one more than shown: this endpoint has no $inlinecount, so that is how we know there is more.
      const page = await client.cnpj.listar(filter, { top: Math.min(100, top + 1), skip });
      return { items: page.data.slice(0, top).map(toCnpjLookup), hasMore: page.data.length > top };
    },
  };
}
