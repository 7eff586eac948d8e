// Demonstração mode: on the embedded sandbox, a demo company with a generated certificate and logo,
// so every screen has data from the first launch. The certificate and logo come from the host's
// demonstração plug-in (demo-plugin.ts); everything here goes through the API client.
import { brasiliaDayOf } from '../fiscal/brasilia';
import { createInsurerClient } from '../insurers';
import { createNuvemFiscalClient } from '../nuvemfiscal';
import { ApiError } from '../nuvemfiscal';
import { cnpjCheckDigits } from '../fiscal/cnpj';
import type { InsurerSettings } from '../shared/schemas/averbacao';
import type { CompanyDefaults } from '../shared/schemas/company-defaults';
import type { DemoMonthResult } from './demo-month';
import { DEMO_RNTRC, seedDemoMonth } from './demo-month';
import type { DemoPlugin, EmbeddedEndpoint } from './demo-plugin';
import type { HostAdapter } from './host';
import type { LogoStore } from './logos';

const DEMO_BASE = '45723174' + '0001';
export const DEMO_CNPJ = DEMO_BASE + (cnpjCheckDigits(DEMO_BASE) ?? '00');

export const demoCompany = {
  cpf_cnpj: DEMO_CNPJ,
  nome_razao_social: 'TRANSPORTES CARRETA DEMONSTRACAO LTDA',
  nome_fantasia: 'Carreta Demonstração',
  // A CT-e OS requires the emitter's IE (infCte/emit/IE, CT-e OS XSD): 110.042.490.114 is the
  // example number SEFAZ-SP gives for its check-digit rule, valid and nobody's real registration.
  inscricao_estadual: '110042490114',
  fone: '1932345678',
  email: 'contato@carreta-demo.com.br',
  endereco: {
    logradouro: 'Rodovia Anhanguera',
    numero: 'KM 95',
    complemento: 'Galpão 3',
    bairro: 'Distrito Industrial',
    codigo_municipio: '3509502',
    cidade: 'Campinas',
    uf: 'SP',
    cep: '13069380',
    codigo_pais: '1058',
    pais: 'Brasil',
  },
};

/**
 * What the demo carrier's CT-e repeat: its RNTRC, CFOP 5353/6353 (prestação de serviço de transporte
 * a estabelecimento comercial, MOC CT-e Visão Geral §12), ICMS 00 at 12% (from São Paulo), série 1.
 * Its regime (CRT 3, regime normal) is in the API's CT-e configuration.
 */
export const demoDefaults: CompanyDefaults = {
  rntrc: DEMO_RNTRC,
  cfopIntra: '5353',
  cfopInter: '6353',
  icms: { situacao: '00', pICMS: 12 },
  serie: 1,
  xObs: 'Mercadoria conferida na coleta.',
};

/** The demo month reaches this far back (demo-month.ts: its oldest freight is 29 days old). */
export const DEMO_MONTH_DAYS = 31;

/**
 * The demonstração certificate's validity: from well before the demo month's first document (the
 * authority checks the start of validity too, MOC CT-e Visão Geral D02 → 291) to a year from now.
 */
export function demoCertificateValidity(now: Date): { notBefore: Date; notAfter: Date } {
  return {
    notBefore: new Date(now.getTime() - (DEMO_MONTH_DAYS + 30) * 86_400_000),
    notAfter: new Date(now.getTime() + 365 * 86_400_000),
  };
}

/**
 * The demo company's averbadora: AT&M over SOAP — in demonstração the local double answers, with its
 * own login — with the policy the month's MDF-e carry, averbando from before the month began.
 */
export function demoInsurerSettings(now = new Date()): InsurerSettings {
  const desde = brasiliaDayOf(new Date(now.getTime() - 45 * 86_400_000));
  return {
    ativo: true,
    averbadora: 'atm-soap',
    usuario: 'carreta-demo',
    codatm: '11000000',
    url: '',
    apolice: '0458712309',
    seguradora: 'SEGURADORA DEMONSTRACAO SA',
    cnpjSeguradora: '31487265000190',
    responsavel: 1,
    cobertura: { cteos: false, cteSimp: true, nfeCargaPropria: false, mdfe: true },
    desde,
  };
}

/** Moves the embedded sandbox's clock through its control API (`null`: real time again). */
export function sandboxClock(endpoint: EmbeddedEndpoint): (at: Date | null) => Promise<void> {
  return async (at) => {
    const res = await fetch(`${endpoint.url}/_sandbox/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sandbox-secret': endpoint.clientSecret },
      body: JSON.stringify({ set: at ? at.toISOString() : null }),
    });
    if (!res.ok) throw new Error(`relógio do sandbox: ${res.status} ${await res.text()}`);
  };
}

/**
 * Creates the demo company on a fresh embedded sandbox (does nothing when it already exists), then
 * its month of documents (see demo-month.ts); answers what the month's seeding did.
 */
export async function seedDemo(
  demo: Pick<DemoPlugin, 'certificate' | 'logo'>,
  endpoint: EmbeddedEndpoint,
  host: HostAdapter,
  logos: LogoStore,
  signal?: AbortSignal,
): Promise<DemoMonthResult> {
  const client = createNuvemFiscalClient({
    apiUrl: endpoint.url,
    tokenUrl: endpoint.tokenUrl,
    clientId: endpoint.clientId,
    clientSecret: async () => endpoint.clientSecret,
    scopes: host.settings.get().scopes,
    tokenStore: host.secrets,
  });
  const now = new Date();
  const uploadCertificate = async () => {
    const { pfx, password } = demo.certificate({
      cpfCnpj: DEMO_CNPJ,
      razaoSocial: demoCompany.nome_razao_social,
      ...demoCertificateValidity(now),
    });
    await client.empresas.cadastrarCertificado(DEMO_CNPJ, pfx, password);
  };
  const existing = await client.empresas.listar({ cpf_cnpj: DEMO_CNPJ });
  const current = existing.data[0] as { inscricao_estadual?: string | null } | undefined;
  if (current && !current.inscricao_estadual) {
    // Demo companies created before it had an IE could not issue a CT-e OS.
    await client.empresas.alterar(DEMO_CNPJ, { inscricao_estadual: demoCompany.inscricao_estadual });
  }
  if (existing.data.length > 0) {
    // The sandbox drops a certificate whose sealed key it can no longer open (secret store lost).
    // A certificate made when the demo was first started is valid only from then: the month about to
    // be back-dated would be signed before its validity (291), so it is made again.
    try {
      const current = await client.empresas.certificado(DEMO_CNPJ);
      const from = Date.parse(current.not_valid_before ?? '');
      if (!(from <= demoCertificateValidity(now).notBefore.getTime())) await uploadCertificate();
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
      await uploadCertificate();
    }
  } else {
    await client.empresas.criar(demoCompany);
    await uploadCertificate();
    for (const kind of ['cte', 'cteos', 'dce'] as const) {
      await client.empresas.alterarConfig(
        DEMO_CNPJ,
        kind,
        kind === 'dce' ? { ambiente: 'homologacao' } : { CRT: 3, ambiente: 'homologacao' },
      );
    }
    await client.empresas.alterarConfig(DEMO_CNPJ, 'distnfe', {
      ambiente: 'homologacao',
      distribuicao_automatica: false,
      ciencia_automatica: false,
    });
  }
  const logo = demo.logo();
  try {
    await client.empresas.logotipo(DEMO_CNPJ);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
    await client.empresas.enviarLogotipo(DEMO_CNPJ, logo, 'image/png');
  }
  if (!(await logos.load(DEMO_CNPJ))) await logos.save(DEMO_CNPJ, logo, 'image/png');
  if (!host.settings.get().selectedCompany) host.settings.update({ selectedCompany: DEMO_CNPJ });
  // The demo company is complete: its CT-e start from its RNTRC, CFOP, ICMS, série (Empresas → Padrões).
  const defaults = host.settings.get().companyDefaults ?? {};
  if (!defaults[DEMO_CNPJ])
    host.settings.update({ companyDefaults: { ...defaults, [DEMO_CNPJ]: demoDefaults } });
  // Every CT-e and MDF-e of the demo is averbado by itself (Empresas › Averbação shows the policy).
  const averbacao = host.settings.get().averbacao ?? {};
  if (!averbacao.demonstracao?.[DEMO_CNPJ])
    host.settings.update({
      averbacao: {
        ...averbacao,
        demonstracao: { ...(averbacao.demonstracao ?? {}), [DEMO_CNPJ]: demoInsurerSettings() },
      },
    });
  const doubles = endpoint.insurers;
  const insurer = doubles
    ? createInsurerClient({
        averbadora: 'atm-soap',
        baseUrl: doubles.url,
        usuario: 'carreta-demo',
        senha: doubles.password,
        codatm: '11000000',
        timeoutMs: 30_000,
      })
    : null;
  return seedDemoMonth({
    client,
    company: { ...demoCompany, crt: 3 },
    setClock: sandboxClock(endpoint),
    ...(signal ? { signal } : {}),
    ...(insurer
      ? {
          averbar: async (doc) => {
            const answer = await insurer.send(doc);
            return answer.outcome === 'registrado' ? answer.numeros : [];
          },
        }
      : {}),
  });
}
