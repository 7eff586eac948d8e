// Generated SDKs (nuvemfiscal-sdk-node, nuvemfiscal-sdk-php 2.60) send every member of their models,
// the unset ones as null. For each MDF-e request body, every optional member the MDF-e description
// (../shared/reference/mdfe/openapi-2.60-mdfe-subset.yaml) declares on an object the fixture fills,
// and the fixture leaves out, is set to null in turn: the sandbox must take it as absent, as the
// hosted service does. For the emission this means the same manifest: the issued MDFe is the one
// the body without the member gives, byte for byte, and that one is valid against PL_MDFe_300b.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { parse } from 'yaml';
import { buildNfeKey } from '../../../electron/fiscal/access-key';
import { issueMdfe } from '../../../electron/sandbox/mdfe/issue';
import {
  mdfePedidoCancelamento,
  mdfePedidoEmissao,
  mdfePedidoEmissaoLote,
  mdfePedidoEncerramento,
  mdfePedidoInclusaoCondutor,
  mdfePedidoInclusaoDfe,
} from '../../../electron/fiscal/requests/mdfe';
import type { RunningSandbox } from '../../../electron/sandbox/server';
import { answerChecker } from '../../support/openapi-answers';
import { referencePath, sharedAvailable } from '../../support/shared';
import { certifiedCompany, client, getToken, startTestSandbox } from '../support';
import { NOW, testCredentials } from '../dfe/fixtures';
import { xsdErrors } from '../dfe/xsd';
import { COMPANY_CNPJ, CPF_B, fullMdfeBody, MDFE_XSD, mdfeBody, NFE_KEY } from './fixtures';

interface Schema {
  $ref?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
}
type Node = Record<string, unknown>;

const MDFE_DESCRIPTION = referencePath('mdfe', 'openapi-2.60-mdfe-subset.yaml');

type Path = (string | number)[];

/** Paths of the optional members the description declares on objects `body` fills, left out there. */
function absentOptionals(schemas: Record<string, Schema>, name: string, body: unknown): Path[] {
  const deref = (s: Schema | undefined) => (s?.$ref ? schemas[s.$ref.split('/').pop()!] : s);
  const found: Path[] = [];
  const walk = (schema: Schema | undefined, value: unknown, at: Path) => {
    const s = deref(schema);
    if (Array.isArray(value)) return value.forEach((v, i) => walk(s?.items, v, [...at, i]));
    if (!s?.properties || !value || typeof value !== 'object') return;
    for (const [key, member] of Object.entries(s.properties)) {
      const present = (value as Node)[key];
      if (present !== undefined) walk(member, present, [...at, key]);
      else if (!s.required?.includes(key)) found.push([...at, key]);
    }
  };
  walk(schemas[name], body, []);
  return found;
}

/** A copy of `body` with null at each of `paths`. */
function withNulls<T>(body: T, paths: Path[]): T {
  const copy = structuredClone(body) as Node;
  for (const p of paths) {
    let node: Node = copy;
    for (const part of p.slice(0, -1)) node = node[part] as Node;
    node[p[p.length - 1]!] = null;
  }
  return copy as T;
}

/** Every copy of `body` with one optional member the fixture left out set to null, with its path. */
function nullVariants(schemas: Record<string, Schema>, name: string, body: unknown) {
  return absentOptionals(schemas, name, body).map((p) => ({
    at: p.join('.'),
    body: withNulls(body, [p]) as Node,
  }));
}

/** The body as a generated model serializes it: every optional member left out, sent as null. */
function allNulls<T>(schemas: Record<string, Schema>, name: string, body: T): T {
  return withNulls(body, absentOptionals(schemas, name, body));
}

/** The variants the zod schema the route uses refuses, with the first refusal. */
function refused(variants: Array<{ at: string; body: Node }>, zod: z.ZodType) {
  return variants.flatMap(({ at, body }) => {
    const result = zod.safeParse(body);
    return result.success ? [] : [`${at}: ${result.error.issues[0]!.message}`];
  });
}

const ENV = {
  now: NOW,
  companyCpfCnpj: COMPANY_CNPJ,
  credentials: testCredentials(),
  protocolSequence: 42,
  duplicateOf: null,
  open: [],
  random: () => 0.5,
};

const nfeKey = (numero: number) =>
  buildNfeKey({
    cUF: 35,
    year: 2026,
    month: 11,
    cnpj: COMPANY_CNPJ,
    serie: 1,
    numero,
    tpEmis: 1,
    codigo: 7654321,
  })!;

/** An NF-e trip (tpEmit 2): the infNFe members, which the CT-e trips do not reach. */
function nfeTrip() {
  const body = fullMdfeBody();
  body.infMDFe.ide.tpEmit = 2;
  const [first, second] = body.infMDFe.infDoc.infMunDescarga;
  const { infUnidTransp, peri } = first!.infCTe![0]!;
  body.infMDFe.infDoc.infMunDescarga = [
    { ...first!, infCTe: undefined, infNFe: [{ chNFe: NFE_KEY, indReentrega: 1, infUnidTransp, peri }] },
    { ...second!, infCTe: undefined, infNFe: [{ chNFe: nfeKey(6) }] },
  ];
  body.infMDFe.tot = { qNFe: 2, vCarga: 25000, cUnid: '02', qCarga: 12.5 };
  // A trailer of another owner: the members of MdfeSefazVeicReboque_Prop.
  body.infMDFe.infModal.rodo!.veicReboque![0]!.prop = {
    CNPJ: '33000167000101',
    RNTRC: '11223344',
    xNome: 'LOCADORA DE CARRETAS SA',
    tpProp: 2,
  };
  return body;
}

describe.skipIf(!sharedAvailable)('MDF-e: optional members sent as null', () => {
  const doc = () =>
    parse(readFileSync(MDFE_DESCRIPTION, 'utf8')) as { components: { schemas: Record<string, Schema> } };

  it.each([
    ['every road-modal group with CT-e', fullMdfeBody],
    ['every road-modal group with NF-e', nfeTrip],
    ['the smallest carrier body', () => mdfeBody()],
  ])('MdfePedidoEmissao (%s): each null is absent, the same XSD-valid manifest', (_, make) => {
    const base = make();
    // The body itself is one the description describes (types, enums, closed objects).
    const described = answerChecker(undefined, MDFE_DESCRIPTION).ajv.compile({
      $ref: 'openapi.json#/components/schemas/MdfePedidoEmissao',
    });
    expect(described(base), JSON.stringify(described.errors)).toBe(true);
    const variants = nullVariants(doc().components.schemas, 'MdfePedidoEmissao', base);
    expect(variants.length).toBeGreaterThanOrEqual(25);
    expect(refused(variants, mdfePedidoEmissao)).toEqual([]);

    const issued = issueMdfe(mdfePedidoEmissao.parse(base), ENV);
    if (issued.kind !== 'answered') throw new Error(issued.message);
    expect(issued.status, issued.answer.xMotivo).toBe('autorizado');
    expect(xsdErrors(issued.documentXml, MDFE_XSD('mdfe_v3.00.xsd'))).toBeNull();
    const differing = variants.flatMap(({ at, body }) => {
      const out = issueMdfe(mdfePedidoEmissao.parse(body), ENV);
      if (out.kind !== 'answered') return [`${at}: ${out.message}`];
      if (out.status !== 'autorizado') return [`${at}: ${out.answer.cStat} ${out.answer.xMotivo}`];
      return out.documentXml === issued.documentXml ? [] : [`${at}: another manifest`];
    });
    expect(differing).toEqual([]);
  });

  it.each([
    [
      'MdfePedidoEmissaoLote',
      () => ({ id_lote: 'lote-1', ambiente: 'homologacao', documentos: [fullMdfeBody()] }),
      mdfePedidoEmissaoLote,
      25,
    ],
    ['MdfePedidoEncerramento', () => ({ uf: 'PR', codigo_municipio: '4106902' }), mdfePedidoEncerramento, 1],
    ['MdfePedidoCancelamento', () => ({}), mdfePedidoCancelamento, 1],
    [
      'MdfePedidoInclusaoDfe',
      () => ({
        codigo_municipio_carrega: '3550308',
        municipio_carrega: 'São Paulo',
        documentos: [
          { codigo_municipio_descarga: '4106902', municipio_descarga: 'Curitiba', chave_acesso_nfe: NFE_KEY },
        ],
      }),
      mdfePedidoInclusaoDfe,
      1,
    ],
  ] as const)('%s takes each of them as absent', (name, make, zod, least) => {
    const variants = nullVariants(doc().components.schemas, name, make());
    expect(variants.length).toBeGreaterThanOrEqual(least);
    expect(refused(variants, zod)).toEqual([]);
  });

  it('versao and versaoModal, required but nullable in the description, may be null: version 3.00', () => {
    const schemas = doc().components.schemas;
    expect(schemas.MdfeSefazInfMDFe!.required).toContain('versao');
    const base = mdfeBody();
    const body = mdfeBody();
    (body.infMDFe as { versao: string | null }).versao = null;
    (body.infMDFe.infModal as { versaoModal: string | null }).versaoModal = null;
    const issued = issueMdfe(mdfePedidoEmissao.parse(body), ENV);
    const expected = issueMdfe(mdfePedidoEmissao.parse(base), ENV);
    if (issued.kind !== 'answered' || expected.kind !== 'answered') throw new Error('não emitido');
    expect(issued.documentXml).toContain('<infMDFe versao="3.00"');
    expect(issued.documentXml).toBe(expected.documentXml);
    // Left out, they are still missing; another version is refused.
    const { versao: _versao, ...noVersion } = base.infMDFe;
    expect(mdfePedidoEmissao.safeParse({ ...base, infMDFe: noVersion }).success).toBe(false);
    expect(
      mdfePedidoEmissao.safeParse({ ...base, infMDFe: { ...base.infMDFe, versao: '4.00' } }).success,
    ).toBe(false);
  });

  it('MdfePedidoInclusaoCondutor and EmpresaConfigMdfe have no optional member to send as null', () => {
    const schemas = doc().components.schemas;
    const condutor = { nome_condutor: 'MARIA SOUZA', cpf_condutor: CPF_B };
    expect(nullVariants(schemas, 'MdfePedidoInclusaoCondutor', condutor)).toEqual([]);
    expect(mdfePedidoInclusaoCondutor.safeParse(condutor).success).toBe(true);
    expect(nullVariants(schemas, 'EmpresaConfigMdfe', { ambiente: 'homologacao' })).toEqual([]);
  });
});

describe.skipIf(!sharedAvailable)('MDF-e over HTTP: bodies with every optional member null', () => {
  let sandbox: RunningSandbox;
  let api: ReturnType<typeof client>;
  let schemas: Record<string, Schema>;
  const dhEmi = () => new Date(sandbox.control.clock.nowMs()).toISOString().replace(/\.\d+Z$/, 'Z');
  type Doc = { id: string; status: string; motivo_status: string };

  beforeAll(async () => {
    schemas = (
      parse(readFileSync(MDFE_DESCRIPTION, 'utf8')) as { components: { schemas: Record<string, Schema> } }
    ).components.schemas;
    sandbox = await startTestSandbox({ clockStart: NOW.getTime(), pdfEngine: null });
    api = client(sandbox.url, await getToken(sandbox.url, 'empresa mdfe'));
    await certifiedCompany(sandbox, api, COMPANY_CNPJ);
    expect((await api.put(`/empresas/${COMPANY_CNPJ}/mdfe`, { ambiente: 'homologacao' })).status).toBe(200);
  });
  afterAll(() => sandbox?.close());

  it('issues, includes, closes, cancels and batches: 200, registered, XSD-valid XML', async () => {
    const full = fullMdfeBody();
    delete full.referencia;
    full.infMDFe.ide.dhEmi = dhEmi();
    const sent = allNulls(schemas, 'MdfePedidoEmissao', full);
    expect(sent.referencia).toBeNull();
    expect(sent.infMDFe.infModal.rodo!.veicReboque![1]!.RENAVAM).toBeNull();
    const a = await api.post<Doc>('/mdfe', sent);
    expect(a.status, a.raw.toString()).toBe(200);
    expect(a.body.status, a.body.motivo_status).toBe('autorizado');
    const proc = (await api.get(`/mdfe/${a.body.id}/xml`)).raw.toString('utf8');
    expect(xsdErrors(proc, MDFE_XSD('procMDFe_v3.00.xsd'))).toBeNull();

    // A second one with referencia null too: null is no referencia, so no duplicate.
    const small = mdfeBody({ nMDF: 2, dhEmi: dhEmi() });
    small.infMDFe.ide.indCarregaPosterior = 1;
    const b = await api.post<Doc>('/mdfe', allNulls(schemas, 'MdfePedidoEmissao', small));
    expect(b.body.status, b.raw.toString()).toBe('autorizado');

    const events = [
      [
        b.body.id,
        'inclusao-dfe',
        'MdfePedidoInclusaoDfe',
        {
          codigo_municipio_carrega: '3550308',
          municipio_carrega: 'São Paulo',
          documentos: [
            {
              codigo_municipio_descarga: '4106902',
              municipio_descarga: 'Curitiba',
              chave_acesso_nfe: NFE_KEY,
            },
          ],
        },
      ],
      [b.body.id, 'cancelamento', 'MdfePedidoCancelamento', {}],
      [a.body.id, 'encerramento', 'MdfePedidoEncerramento', { uf: 'SP', codigo_municipio: '3509502' }],
    ] as const;
    for (const [id, kind, name, body] of events) {
      const nulls = allNulls(schemas, name, body) as Node;
      expect(Object.values(nulls)).toContain(null);
      const ev = await api.post<{ status: string; motivo_status: string }>(`/mdfe/${id}/${kind}`, nulls);
      expect(ev.status, `${kind}: ${ev.raw.toString()}`).toBe(200);
      expect(ev.body.status, `${kind}: ${ev.body.motivo_status}`).toBe('registrado');
    }

    const doc = mdfeBody({ nMDF: 3, placa: 'LOT1E23', dhEmi: dhEmi() });
    const lote = allNulls(schemas, 'MdfePedidoEmissaoLote', {
      id_lote: 'lote-nulos',
      ambiente: 'homologacao',
      documentos: [doc],
    });
    expect((lote as Node).referencia).toBeNull();
    const batch = await api.post<{ documentos: Doc[] }>('/mdfe/lotes', lote);
    expect(batch.status, batch.raw.toString()).toBe(200);
    expect(batch.body.documentos.map((d) => d.status)).toEqual(['autorizado']);
  });
});
