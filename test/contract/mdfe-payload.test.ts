// The MDF-e form's payloads against the API description (openapi-2.60-mdfe-subset.yaml,
// MdfePedidoEmissao, ajv) for one and several unloading municipalities, a split per unloading UF,
// CT-e and NF-e trips, trailers and several drivers; then the whole path in demonstração (the
// embedded sandbox over HTTP): two CT-e issued, `mdfe:prefill` reads them from the cache,
// `mdfe:preview` renders the DAMDFE without fiscal value, `mdfe:issueForm` authorizes one MDF-e
// per unloading UF, and the issued XML validates against PL_MDFe_300b (envelope and rodo modal).
import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

import { DEMO_CNPJ } from '../../electron/app/demo';
import type { CarretaApp } from '../../electron/app/index';
import type { MdfePedidoEmissaoInput, UnnumberedInfMDFe } from '../../electron/fiscal/requests/mdfe';
import { buildMdfePayloads, withNumbering } from '../../electron/fiscal/payload';
import { MDFE_NS } from '../../electron/sandbox/mdfe/xml';
import type { MdfeFormInput, MdfePrefill } from '../../electron/shared/schemas/mdfe-form';
import { mdfeFormSchema } from '../../electron/shared/schemas/mdfe-form';
import { company, demoCteForm } from '../fiscal/payload/forms';
import {
  carreta,
  CPF_MOTORISTA,
  CPF_MOTORISTA_2,
  cteDoc,
  lotacaoForm,
  mdfeForm,
  pagamentoFrete,
  MUN,
  nfeDoc,
} from '../fiscal/payload/mdfe-forms';
import { xsdErrors } from '../sandbox/dfe/xsd';
import { MDFE_XSD } from '../sandbox/mdfe/fixtures';
import { demoApp } from '../support/demo-month';
import { openapiToJsonSchema } from '../support/openapi-json-schema';
import { referencePath, sharedAvailable } from '../support/shared';

type J = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const MDFE_OPENAPI = referencePath('mdfe', 'openapi-2.60-mdfe-subset.yaml');

const numbered = (inf: UnnumberedInfMDFe, numero: number): MdfePedidoEmissaoInput => ({
  ambiente: 'homologacao',
  referencia: `mdfe-contrato-${numero}`,
  infMDFe: withNumbering(inf, {
    serie: 1,
    numero,
    dhEmi: '2026-11-26T10:00:00-03:00',
    ambiente: 'homologacao',
  }),
});

function cases(): { name: string; form: MdfeFormInput; manifests: number }[] {
  return [
    { name: 'one unloading municipality', form: mdfeForm(), manifests: 1 },
    {
      name: 'several unloading municipalities',
      form: mdfeForm({
        documentos: [cteDoc(1, MUN.saoPaulo, MUN.curitiba), cteDoc(2, MUN.campinas, MUN.londrina)],
      }),
      manifests: 1,
    },
    {
      name: 'several unloading UFs (split)',
      // One CT-e per UF: each MDF-e is a carga lotação (NT 2025.001: NCM and payment).
      form: mdfeForm({
        documentos: [cteDoc(1, MUN.portoAlegre, MUN.saoPaulo), cteDoc(2, MUN.portoAlegre, MUN.salvador)],
        produto: { tpCarga: '05', xProd: 'MOVEIS', ncm: '94036000' },
        pagamentos: [pagamentoFrete(700)],
      }),
      manifests: 2,
    },
    {
      name: 'NF-e trip (own load)',
      form: mdfeForm({ documentos: [nfeDoc(5, MUN.saoPaulo, MUN.curitiba)], seguros: [] }),
      manifests: 1,
    },
    {
      name: 'trailers, two drivers, CIOT, vale-pedágio, contratante and payment',
      form: mdfeForm({
        reboques: [carreta('REB1A23'), carreta('REB2B34')],
        condutores: [
          { nome: 'JOSE DA SILVA', cpf: CPF_MOTORISTA },
          { nome: 'MARIA SOUZA', cpf: CPF_MOTORISTA_2 },
        ],
        ciot: [{ ciot: '123456789012', cpfCnpj: '11222333000181' }],
        valePedagio: [
          { cnpjFornecedor: '33000167000101', cpfCnpjPagador: '', numeroCompra: '778899', valor: 85.4 },
        ],
        contratantes: [{ nome: 'CLIENTE SA', cpfCnpj: '33000167000101' }],
        pagamentos: [
          {
            nome: 'RODOVIA AZUL',
            cpfCnpj: '11222333000181',
            componentes: [{ tipo: '04', valor: 4200, descricao: '' }],
            indPag: 0,
            adiantamento: null,
            parcelas: [],
            banco: '',
            agencia: '',
            pix: 'financeiro@rodovia.example',
          },
        ],
      }),
      manifests: 1,
    },
    {
      name: 'single load (lotação by CEP and by coordinates) with tipo de transportador',
      form: lotacaoForm({
        documentos: [cteDoc(3, MUN.saoPaulo, MUN.curitiba)],
        lotacao: {
          carrega: { cep: '01310-100', latitude: '', longitude: '' },
          descarga: { cep: '', latitude: '-25,4284', longitude: '-49.2733' },
        },
        tpTransp: '1',
      }),
      manifests: 1,
    },
    {
      name: 'own load with carregamento posterior',
      form: mdfeForm({
        documentos: [nfeDoc(6, MUN.saoPaulo, MUN.curitiba)],
        seguros: [],
        carregaPosterior: true,
      }),
      manifests: 1,
    },
  ];
}

describe.skipIf(!sharedAvailable)('contract: MDF-e payload against the API description', () => {
  let ajv: Ajv;
  beforeAll(() => {
    const doc = parse(readFileSync(MDFE_OPENAPI, 'utf8')) as { components: { schemas: J } };
    ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ $id: 'mdfe.json', components: { schemas: openapiToJsonSchema(doc.components.schemas) } });
  });
  const validate = () => ajv.compile({ $ref: 'mdfe.json#/components/schemas/MdfePedidoEmissao' });

  it.each(cases().map((c) => [c.name, c] as const))(
    '%s: every manifest valid for MdfePedidoEmissao',
    (_n, c) => {
      const manifests = buildMdfePayloads(mdfeFormSchema.parse(c.form), company);
      expect(manifests).toHaveLength(c.manifests);
      const check = validate();
      manifests.forEach((m, i) => {
        expect(check(numbered(m.infMDFe, 10 + i)), ajv.errorsText(check.errors)).toBe(true);
      });
    },
  );

  it('the check can fail: a driver under a misspelt name is caught', () => {
    const [m] = buildMdfePayloads(mdfeFormSchema.parse(mdfeForm()), company);
    const tracao = ((m!.infMDFe.infModal as J).rodo as J).veicTracao as J;
    tracao.condutores = tracao.condutor;
    delete tracao.condutor;
    const check = validate();
    expect(check(numbered(m!.infMDFe, 1))).toBe(false);
  });

  it('the check can fail: infLotacao without its unloading place is caught', () => {
    const single = lotacaoForm({
      documentos: [cteDoc(3, MUN.saoPaulo, MUN.curitiba)],
      lotacao: {
        carrega: { cep: '01310100', latitude: '', longitude: '' },
        descarga: { cep: '80010000', latitude: '', longitude: '' },
      },
    });
    const [m] = buildMdfePayloads(mdfeFormSchema.parse(single), company);
    const check = validate();
    expect(check(numbered(m!.infMDFe, 1)), ajv.errorsText(check.errors)).toBe(true);
    delete ((m!.infMDFe.prodPred as J).infLotacao as J).infLocalDescarrega;
    expect(check(numbered(m!.infMDFe, 1))).toBe(false);
  });
});

describe.skipIf(!sharedAvailable)('MDF-e form end to end in demonstração (sandbox, XSD)', () => {
  let app: CarretaApp;
  const html: string[] = [];
  let call: Awaited<ReturnType<typeof demoApp>>['call'];
  let failure: Awaited<ReturnType<typeof demoApp>>['failure'];
  beforeAll(async () => {
    ({ app, call, failure } = await demoApp(html));
  }, 60_000);
  afterAll(async () => {
    await app?.dispose();
  });

  let prefill: MdfePrefill;
  let chaves: string[];

  it('prefills from two authorized CT-e: municipalities, value, weight, product and route', async () => {
    chaves = [];
    for (const vCarga of [1500, 2500]) {
      const form = demoCteForm();
      form.carga = { ...form.carga, vCarga };
      const out = await call<{ status: string; document: J | null }>('cte:issue', {
        kind: 'cte',
        company: DEMO_CNPJ,
        form,
      });
      expect(out.status).toBe('autorizado');
      chaves.push(String(out.document!.chave));
    }
    prefill = await call<MdfePrefill>('mdfe:prefill', { company: DEMO_CNPJ, chaves });
    expect(prefill.problemas).toEqual([]);
    expect(prefill.documentos.map((d) => [d.tipo, d.carrega.xMun, d.descarga.uf, d.valor])).toEqual([
      ['cte', 'Curitiba', 'SP', 1500],
      ['cte', 'Curitiba', 'SP', 2500],
    ]);
    expect(prefill.rotas).toEqual([{ ufFim: 'SP', percurso: [] }]);
  });

  it('explains a key that is not in the cache instead of failing the whole selection', async () => {
    const missing = cteDoc(99, MUN.saoPaulo, MUN.curitiba).chave;
    const out = await call<MdfePrefill>('mdfe:prefill', { company: DEMO_CNPJ, chaves: [chaves[0], missing] });
    expect(out.documentos).toHaveLength(1);
    expect(out.problemas).toEqual([
      {
        chave: missing,
        motivo: 'CT-e não encontrado no banco local desta empresa: sincronize os documentos.',
      },
    ]);
  });

  it('refuses a form with a problem in Portuguese, naming the field', async () => {
    const error = await failure('mdfe:issueForm', {
      company: DEMO_CNPJ,
      form: mdfeForm({ documentos: prefill.documentos, seguros: [] }),
      ufFim: 'SP',
    });
    expect(error.code).toBe('invalid_input');
    expect(error.message).toContain('seguro da carga: obrigatório para transportadora');
  });

  it('previews the DAMDFE without fiscal value and issues an XSD-valid MDF-e', async () => {
    const form = mdfeForm({
      documentos: prefill.documentos,
      veiculo: { ...mdfeForm().veiculo, placa: 'FRM1A23' },
    });
    const preview = await call<{ manifestos: { ufFim: string; numero: number; html: string }[] }>(
      'mdfe:preview',
      {
        company: DEMO_CNPJ,
        form,
      },
    );
    expect(preview.manifestos).toHaveLength(1);
    expect(preview.manifestos[0]!.html).toContain('PRÉ-VISUALIZAÇÃO — SEM VALOR FISCAL');
    expect(preview.manifestos[0]!.html).toContain('FRM1A23');
    const out = await call<{
      status: string;
      numero: number;
      mdfe: { cacheId: number; ufFim: string; qtdCte: number };
    }>('mdfe:issueForm', { company: DEMO_CNPJ, form, ufFim: 'SP' });
    expect(out.status).toBe('autorizado');
    expect(out.numero).toBe(preview.manifestos[0]!.numero);
    expect(out.mdfe).toMatchObject({ ufFim: 'SP', qtdCte: 2 });
    const file = await call<{ base64: string }>('mdfe:xml', { id: out.mdfe.cacheId });
    const xml = Buffer.from(file.base64, 'base64').toString('utf8');
    for (const chave of chaves) expect(xml).toContain(`<chCTe>${chave}</chCTe>`);
    expect(xsdErrors(xml, MDFE_XSD('procMDFe_v3.00.xsd'))).toBeNull();
    const rodo = /<rodo>[\s\S]*<\/rodo>/.exec(xml)![0].replace('<rodo>', `<rodo xmlns="${MDFE_NS}">`);
    expect(xsdErrors(rodo, MDFE_XSD('mdfeModalRodoviario_v3.00.xsd'))).toBeNull();
  });

  it('a second MDF-e of the same truck and UF is warned (611) before sending', async () => {
    const form = mdfeForm({
      documentos: prefill.documentos,
      veiculo: { ...mdfeForm().veiculo, placa: 'FRM1A23' },
    });
    const error = await failure('mdfe:issueForm', { company: DEMO_CNPJ, form, ufFim: 'SP' });
    expect(error.code).toBe('mdfe_open_conflict');
    expect(error.message).toContain('FRM1A23');
    expect(error.message).toContain('611');
    // Sent anyway, the sandbox (as SEFAZ) rejects it with 611; nothing to correct on the form (closing
    // the other one is the fix), so no field is marked.
    const forced = await call<{ status: string; rejection: { codigo: number; fields: string[] } }>(
      'mdfe:issueForm',
      { company: DEMO_CNPJ, form, ufFim: 'SP', ignorarAbertos: true },
    );
    expect(forced.status).toBe('rejeitado');
    expect(forced.rejection).toMatchObject({ codigo: 611, fields: [] });
  });

  it('a trip to two unloading UFs is issued as two MDF-e, each authorized and XSD-valid', async () => {
    const form = mdfeForm({
      documentos: [cteDoc(11, MUN.portoAlegre, MUN.saoPaulo), cteDoc(12, MUN.portoAlegre, MUN.salvador)],
      produto: { tpCarga: '05', xProd: 'MOVEIS', ncm: '94036000' },
      pagamentos: [pagamentoFrete(700)],
      veiculo: { ...mdfeForm().veiculo, placa: 'SPL1T23' },
      reboques: [carreta('SPL2T34')],
    });
    const preview = await call<{ manifestos: { ufFim: string }[] }>('mdfe:preview', {
      company: DEMO_CNPJ,
      form,
    });
    expect(preview.manifestos.map((m) => m.ufFim)).toEqual(['SP', 'BA']);
    for (const ufFim of ['SP', 'BA']) {
      const out = await call<{
        status: string;
        mdfe: { cacheId: number; ufFim: string; percurso: string[] };
      }>('mdfe:issueForm', { company: DEMO_CNPJ, form, ufFim });
      expect(out.status).toBe('autorizado');
      expect(out.mdfe.ufFim).toBe(ufFim);
      const file = await call<{ base64: string }>('mdfe:xml', { id: out.mdfe.cacheId });
      const xml = Buffer.from(file.base64, 'base64').toString('utf8');
      expect(xsdErrors(xml, MDFE_XSD('procMDFe_v3.00.xsd'))).toBeNull();
    }
  });

  it('a single CT-e is a carga lotação: its parties give the CEPs, and infLotacao and tpTransp reach an XSD-valid MDF-e', async () => {
    const cte = await call<{ status: string; document: J | null }>('cte:issue', {
      kind: 'cte',
      company: DEMO_CNPJ,
      form: demoCteForm(),
    });
    expect(cte.status).toBe('autorizado');
    const chave = String(cte.document!.chave);
    const one = await call<MdfePrefill>('mdfe:prefill', { company: DEMO_CNPJ, chaves: [chave] });
    // cteForm: remetente in Curitiba (CEP 80010-000), destinatário in São Paulo (CEP 01305-000).
    expect(one.documentos.map((d) => [d.cepCarrega, d.cepDescarga])).toEqual([['80010000', '01305000']]);
    const doc = one.documentos[0]!;
    // The CT-e's tomador (toma 0: the remetente) and its vTPrest come with the document, for the
    // payment block (NT 2025.001) and the contratante (G085).
    // (In homologação the CT-e names it by the G002 literal unless the address book knows better.)
    expect([doc.tomador.cpfCnpj, doc.frete]).toEqual(['04252011000110', 1500]);
    const form = mdfeForm({
      documentos: one.documentos,
      produto: { tpCarga: '05', xProd: 'MOVEIS', ncm: '94036000' },
      contratantes: [doc.tomador],
      pagamentos: [{ ...pagamentoFrete(doc.frete), nome: doc.tomador.nome, cpfCnpj: doc.tomador.cpfCnpj }],
      veiculo: { ...mdfeForm().veiculo, placa: 'LOT1A23' },
      lotacao: {
        carrega: { cep: doc.cepCarrega, latitude: '', longitude: '' },
        descarga: { cep: '', latitude: '-23.561414', longitude: '-46.655881' },
      },
      tpTransp: '1',
    });
    const out = await call<{ status: string; mdfe: { cacheId: number } }>('mdfe:issueForm', {
      company: DEMO_CNPJ,
      form,
      ufFim: 'SP',
    });
    expect(out.status).toBe('autorizado');
    const file = await call<{ base64: string }>('mdfe:xml', { id: out.mdfe.cacheId });
    const xml = Buffer.from(file.base64, 'base64').toString('utf8');
    expect(xml).toContain('<tpEmit>1</tpEmit><tpTransp>1</tpTransp><mod>58</mod>');
    expect(xml).toContain(
      '<NCM>94036000</NCM><infLotacao><infLocalCarrega><CEP>80010000</CEP></infLocalCarrega><infLocalDescarrega><latitude>-23.561414</latitude><longitude>-46.655881</longitude></infLocalDescarrega></infLotacao></prodPred>',
    );
    expect(xml).toContain(
      `<infContratante><xNome>${doc.tomador.nome}</xNome><CNPJ>04252011000110</CNPJ></infContratante><infPag><xNome>${doc.tomador.nome}</xNome><CNPJ>04252011000110</CNPJ><Comp><tpComp>04</tpComp><vComp>1500.00</vComp></Comp><vContrato>1500.00</vContrato><indPag>0</indPag><infBanc><PIX>financeiro@rodoviaazul.com.br</PIX></infBanc></infPag>`,
    );
    expect(xsdErrors(xml, MDFE_XSD('procMDFe_v3.00.xsd'))).toBeNull();
    const rodo = /<rodo>[\s\S]*<\/rodo>/.exec(xml)![0].replace('<rodo>', `<rodo xmlns="${MDFE_NS}">`);
    expect(xsdErrors(rodo, MDFE_XSD('mdfeModalRodoviario_v3.00.xsd'))).toBeNull();
  });
});
