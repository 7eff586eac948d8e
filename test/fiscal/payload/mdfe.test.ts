// The MDF-e builder (fiscal/payload/mdfe.ts) and the form's rules (shared/schemas/mdfe-form.ts):
// documents grouped by unloading municipality, one MDF-e per unloading UF (Ajuste SINIEF 21/10
// cl. 3ª §2º), totals that agree with the list (667), the route proposed from the UF borders and
// checked in order (663), insurance required for a carrier (698), trailers and several drivers.
import { describe, expect, it } from 'vitest';

import { MdfeRuleError } from '../../../electron/fiscal/mdfe-antt';
import { isValidIbgeMunicipio } from '../../../electron/fiscal/ibge';
import { buildMdfePayloads, groupByDescarga } from '../../../electron/fiscal/payload/mdfe';
import { mdfeFormSchema } from '../../../electron/shared/schemas/mdfe-form';
import type { MdfeFormInput } from '../../../electron/shared/schemas/mdfe-form';
import { company } from './forms';
import {
  carreta,
  CPF_MOTORISTA,
  CPF_MOTORISTA_2,
  cteDoc,
  cteKeyFrom,
  lotacaoForm,
  mdfeForm,
  MUN,
  nfeDoc,
  nfeKeyFrom,
  pagamentoFrete,
  TOMADOR,
} from './mdfe-forms';

type J = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const build = (input: MdfeFormInput) => buildMdfePayloads(mdfeFormSchema.parse(input), company);
const messages = (input: MdfeFormInput) => {
  const r = mdfeFormSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('MDF-e builder', () => {
  it('one unloading municipality: one group with both CT-e, totals and the route SP→PR', () => {
    const [m, ...rest] = build(mdfeForm());
    expect(rest).toHaveLength(0);
    const inf = m!.infMDFe as J;
    expect(m!.ufFim).toBe('PR');
    expect(inf.ide).toMatchObject({ cUF: 41, tpEmit: 1, modal: 1, UFIni: 'SP', UFFim: 'PR' });
    expect(inf.ide.infPercurso).toBeUndefined(); // SP borders PR
    expect(inf.ide.infMunCarrega).toEqual([{ cMunCarrega: '3550308', xMunCarrega: 'São Paulo' }]);
    expect(inf.infDoc.infMunDescarga).toEqual([
      {
        cMunDescarga: '4106902',
        xMunDescarga: 'Curitiba',
        infCTe: [{ chCTe: cteKeyFrom('SP', 1) }, { chCTe: cteKeyFrom('SP', 2) }],
      },
    ]);
    expect(inf.tot).toEqual({ qCTe: 2, vCarga: 2000, cUnid: '01', qCarga: 1000 });
    expect(inf.emit).toMatchObject({ CNPJ: '11222333000181', IE: '9012345663' });
    expect(inf.emit.CRT).toBeUndefined(); // no CRT in the MDF-e emit (XSD)
    expect(inf.prodPred).toEqual({ tpCarga: '05', xProd: 'MOVEIS' });
    expect(inf.seg).toEqual([
      {
        infResp: { respSeg: 1, CNPJ: '11222333000181' },
        infSeg: { xSeg: 'SEGURADORA EXEMPLO', CNPJ: '33000167000101' },
        nApol: '1234567890',
        nAver: ['0001234567890'],
      },
    ]);
    expect(inf.infModal.rodo.infANTT).toEqual({
      RNTRC: '12345678',
      infContratante: [{ xNome: TOMADOR.nome, CNPJ: TOMADOR.cpfCnpj }],
    });
  });

  it('several unloading municipalities of one UF: one MDF-e, a group per municipality, in order', () => {
    const form = mdfeForm({
      documentos: [
        cteDoc(1, MUN.saoPaulo, MUN.curitiba, 100.1, 10),
        cteDoc(2, MUN.campinas, MUN.londrina, 200.2, 20),
        cteDoc(3, MUN.saoPaulo, MUN.curitiba, 300.3, 30),
      ],
    });
    const manifests = build(form);
    expect(manifests).toHaveLength(1);
    const inf = manifests[0]!.infMDFe as J;
    expect(inf.infDoc.infMunDescarga.map((g: J) => [g.xMunDescarga, g.infCTe.length])).toEqual([
      ['Curitiba', 2],
      ['Londrina', 1],
    ]);
    expect(inf.ide.infMunCarrega.map((c: J) => c.cMunCarrega)).toEqual(['3550308', '3509502']);
    expect(inf.tot).toEqual({ qCTe: 3, vCarga: 600.6, cUnid: '01', qCarga: 60 });
  });

  it('several unloading UFs: one MDF-e per UF, each with only its documents and its route', () => {
    const form = mdfeForm({
      documentos: [
        cteDoc(1, MUN.portoAlegre, MUN.saoPaulo),
        cteDoc(2, MUN.portoAlegre, MUN.salvador),
        cteDoc(3, MUN.portoAlegre, MUN.curitiba),
        cteDoc(4, MUN.portoAlegre, MUN.salvador),
      ],
      // SP and PR get one CT-e each: carga lotação manifests (NT 2025.001: NCM and payment).
      produto: { tpCarga: '05', xProd: 'MOVEIS', ncm: '94036000' },
      pagamentos: [pagamentoFrete(1400)],
    });
    const manifests = build(form);
    expect(manifests.map((m) => m.ufFim)).toEqual(['SP', 'BA', 'PR']);
    const byUf = Object.fromEntries(manifests.map((m) => [m.ufFim, m.infMDFe as J]));
    expect(byUf.BA!.tot.qCTe).toBe(2);
    expect(byUf.SP!.tot.qCTe).toBe(1);
    expect(byUf.BA!.infDoc.infMunDescarga[0].infCTe).toEqual([
      { chCTe: cteKeyFrom('RS', 2) },
      { chCTe: cteKeyFrom('RS', 4) },
    ]);
    // RS→BA by the coast: SC, PR, SP, MG (the shorter of the 4-UF routes between capitals).
    expect(byUf.BA!.ide.infPercurso).toEqual([
      { UFPer: 'SC' },
      { UFPer: 'PR' },
      { UFPer: 'SP' },
      { UFPer: 'MG' },
    ]);
    expect(byUf.SP!.ide.infPercurso).toEqual([{ UFPer: 'SC' }, { UFPer: 'PR' }]);
    expect(byUf.PR!.ide.infPercurso).toEqual([{ UFPer: 'SC' }]);
  });

  it('AM→SP proposes a real land route and an edited route wins over the proposal', () => {
    const docs = [cteDoc(1, MUN.manaus, MUN.saoPaulo)];
    const proposed = build(lotacaoForm({ documentos: docs }))[0]!.infMDFe as J;
    const ufs = proposed.ide.infPercurso.map((p: J) => p.UFPer);
    expect(ufs).toEqual(['MT', 'MS']);
    const edited = build(
      lotacaoForm({ documentos: docs, rotas: [{ ufFim: 'SP', percurso: ['RO', 'MT', 'GO', 'MG'] }] }),
    )[0]!.infMDFe as J;
    expect(edited.ide.infPercurso.map((p: J) => p.UFPer)).toEqual(['RO', 'MT', 'GO', 'MG']);
  });

  it('an NF-e trip (own load) is tpEmit 2, infNFe and qNFe, and needs no insurance', () => {
    const form = mdfeForm({
      documentos: [nfeDoc(7, MUN.saoPaulo, MUN.curitiba), nfeDoc(8, MUN.saoPaulo, MUN.londrina)],
      seguros: [],
      unidade: '02',
    });
    expect(messages(form)).toEqual([]);
    const inf = build(form)[0]!.infMDFe as J;
    expect(inf.ide.tpEmit).toBe(2);
    expect(inf.infDoc.infMunDescarga).toEqual([
      { cMunDescarga: '4106902', xMunDescarga: 'Curitiba', infNFe: [{ chNFe: nfeKeyFrom('SP', 7) }] },
      { cMunDescarga: '4113700', xMunDescarga: 'Londrina', infNFe: [{ chNFe: nfeKeyFrom('SP', 8) }] },
    ]);
    expect(inf.tot).toEqual({ qNFe: 2, vCarga: 4000, cUnid: '02', qCarga: 1.6 });
    expect(inf.seg).toBeUndefined();
  });

  it('trailers, several drivers, CIOT, vale-pedágio, contratante and payment go into rodo', () => {
    const form = mdfeForm({
      reboques: [carreta('REB1A23'), carreta('REB2B34')],
      condutores: [
        { nome: 'JOSE DA SILVA', cpf: CPF_MOTORISTA },
        { nome: 'MARIA SOUZA', cpf: CPF_MOTORISTA_2 },
      ],
      ciot: [{ ciot: '123456789012', cpfCnpj: '11222333000181' }],
      valePedagio: [
        {
          cnpjFornecedor: '33000167000101',
          cpfCnpjPagador: '11222333000181',
          numeroCompra: '778899',
          valor: 85.4,
        },
      ],
      contratantes: [{ nome: 'CLIENTE SA', cpfCnpj: '33000167000101' }],
      pagamentos: [
        {
          nome: 'RODOVIA AZUL',
          cpfCnpj: '11222333000181',
          componentes: [
            { tipo: '04', valor: 4200, descricao: '' },
            { tipo: '01', valor: 85.4, descricao: '' },
          ],
          indPag: 1,
          adiantamento: 1000,
          parcelas: [
            { vencimento: '2026-12-10', valor: 1642.7 },
            { vencimento: '2027-01-10', valor: 1642.7 },
          ],
          banco: '001',
          agencia: '1234',
          pix: '',
        },
      ],
    });
    expect(messages(form)).toEqual([]);
    const rodo = (build(form)[0]!.infMDFe as J).infModal.rodo;
    expect(rodo.veicTracao.condutor).toEqual([
      { xNome: 'JOSE DA SILVA', CPF: CPF_MOTORISTA },
      { xNome: 'MARIA SOUZA', CPF: CPF_MOTORISTA_2 },
    ]);
    expect(rodo.veicTracao).toMatchObject({ placa: 'RTA1B23', tpRod: '03', tpCar: '02', tara: 8500 });
    expect(rodo.veicReboque.map((r: J) => [r.placa, r.capKG])).toEqual([
      ['REB1A23', 30000],
      ['REB2B34', 30000],
    ]);
    expect(rodo.infANTT.infCIOT).toEqual([{ CIOT: '123456789012', CNPJ: '11222333000181' }]);
    expect(rodo.infANTT.valePed.disp[0]).toEqual({
      CNPJForn: '33000167000101',
      CNPJPg: '11222333000181',
      nCompra: '778899',
      vValePed: 85.4,
      tpValePed: '01',
    });
    expect(rodo.infANTT.infPag[0]).toMatchObject({
      vContrato: 4285.4,
      indPag: 1,
      vAdiant: 1000,
      infBanc: { codBanco: '001', codAgencia: '1234' },
    });
    expect(rodo.infANTT.infPag[0].infPrazo.map((p: J) => p.nParcela)).toEqual([1, 2]);
  });

  it('groupByDescarga keeps CT-e and NF-e of one municipality apart', () => {
    const parsed = mdfeFormSchema.parse(mdfeForm()).documentos;
    expect(groupByDescarga(parsed)).toHaveLength(1);
  });
});

describe('MDF-e form rules (messages name the field)', () => {
  it('accepts the plain trip', () => {
    expect(messages(mdfeForm())).toEqual([]);
  });
  it('a carrier without insurance is told before SEFAZ answers 698', () => {
    expect(messages(mdfeForm({ seguros: [] }))).toEqual([
      expect.stringMatching(/^seguros: seguro da carga: obrigatório para transportadora .*698/),
    ]);
  });
  it('a route whose UFs do not border in order is refused with a proposal (663)', () => {
    const form = lotacaoForm({
      documentos: [cteDoc(1, MUN.portoAlegre, MUN.salvador)],
      rotas: [{ ufFim: 'BA', percurso: ['PR', 'SP', 'MG'] }],
    });
    expect(messages(form)).toEqual([
      'rotas.0.percurso: percurso RS → BA: as UFs não fazem divisa na ordem informada (a SEFAZ rejeita com 663); sugestão: SC, PR, SP, MG',
    ]);
  });
  it('CT-e and NF-e mixed, or loading in two UFs, are refused', () => {
    const mixed = mdfeForm({
      documentos: [cteDoc(1, MUN.saoPaulo, MUN.curitiba), nfeDoc(2, MUN.saoPaulo, MUN.curitiba)],
    });
    expect(messages(mixed).join('\n')).toContain('um MDF-e leva só CT-e (transportadora) ou só NF-e');
    const twoUfs = mdfeForm({
      documentos: [cteDoc(1, MUN.saoPaulo, MUN.curitiba), cteDoc(2, MUN.florianopolis, MUN.curitiba)],
    });
    expect(messages(twoUfs).join('\n')).toContain('o carregamento é em mais de uma UF (SP, SC)');
  });
  it('the layout caps each MDF-e: 1000 unloading municipalities (XSD); a trip takes 10.000 documents', () => {
    // 1001 distinct municipalities of PR (IBGE codes with their check digit).
    const places: Array<{ cMun: string; xMun: string; uf: string }> = [];
    for (let base = 410_000; places.length < 1001; base++)
      for (let dv = 0; dv < 10; dv++)
        if (isValidIbgeMunicipio(`${base}${dv}`))
          places.push({ cMun: `${base}${dv}`, xMun: `Cidade ${base}`, uf: 'PR' });
    const spread = (count: number) =>
      mdfeForm({ documentos: places.slice(0, count).map((p, i) => cteDoc(i + 1, MUN.saoPaulo, p as never)) });
    expect(messages(spread(1000)).join('\n')).not.toContain('leiaute aceita');
    expect(messages(spread(1001))).toContain(
      'documentos: documentos: o MDF-e de PR descarregaria em 1.001 municípios; o leiaute aceita no máximo 1.000 — divida a viagem',
    );
    const many = mdfeForm({
      documentos: Array.from({ length: 10_001 }, (_, i) => cteDoc(i + 1, MUN.saoPaulo, MUN.curitiba)),
    });
    expect(messages(many)).toContain(
      'documentos: documentos: no máximo 10.000 por viagem (a SEFAZ recusa mensagens acima de 1024 KB)',
    );
  });

  it('a trailer as tractor, a repeated plate or a repeated driver are named', () => {
    const form = mdfeForm({
      veiculo: carreta('REB1A23'),
      reboques: [carreta('REB1A23')],
      condutores: [
        { nome: 'JOSE DA SILVA', cpf: CPF_MOTORISTA },
        { nome: 'JOSE DE NOVO', cpf: CPF_MOTORISTA },
      ],
    });
    expect(messages(form)).toEqual([
      'veiculo.placa: veículo de tração: escolha um cavalo, caminhão ou utilitário, não um reboque',
      'reboques.0.placa: reboque REB1A23: placa repetida na viagem',
      'condutores.1.cpf: condutor JOSE DE NOVO: CPF repetido (a SEFAZ rejeita com 577)',
    ]);
  });
  it('a payment a prazo needs its parcelas and a bank or PIX', () => {
    const form = mdfeForm({
      pagamentos: [
        {
          nome: 'RODOVIA AZUL',
          cpfCnpj: '11222333000181',
          componentes: [{ tipo: '99', valor: 10, descricao: '' }],
          indPag: 1,
          adiantamento: null,
          parcelas: [],
          banco: '',
          agencia: '',
          pix: '',
        },
      ],
    });
    expect(messages(form)).toEqual([
      'pagamentos.0.componentes.0.descricao: componente "Outros": descreva o componente',
      'pagamentos.0.parcelas: pagamento a prazo: informe ao menos uma parcela com vencimento',
      'pagamentos.0.banco: pagamento: informe banco e agência ou uma chave PIX de quem recebe o frete',
    ]);
  });
});

describe('carga lotação, tipo de transportador and carregamento posterior', () => {
  const single = (over: Partial<MdfeFormInput> = {}) => lotacaoForm(over);
  const cep = (c: string) => ({ cep: c, latitude: '', longitude: '' });
  const geo = (latitude: string, longitude: string) => ({ cep: '', latitude, longitude });

  it('a single load carries infLotacao (CEP or coordinates) in prodPred and tpTransp in ide', () => {
    const form = single({
      lotacao: { carrega: cep('01310-100'), descarga: geo('-25,4284', '-49.2733') },
      tpTransp: '1',
    });
    expect(messages(form)).toEqual([]);
    const inf = build(form)[0]!.infMDFe as J;
    expect(inf.prodPred).toEqual({
      tpCarga: '05',
      xProd: 'MOVEIS',
      NCM: '94036000',
      infLotacao: {
        infLocalCarrega: { CEP: '01310100' },
        infLocalDescarrega: { latitude: '-25.428400', longitude: '-49.273300' },
      },
    });
    expect(inf.ide.tpTransp).toBe(1);
    // XSD order: tpEmit, tpTransp, mod…; the API takes JSON, the order only helps whoever reads it.
    expect(Object.keys(inf.ide).slice(0, 3)).toEqual(['cUF', 'tpEmit', 'tpTransp']);
    expect(inf.ide.indCarregaPosterior).toBeUndefined();
  });

  it('without lotação, tpTransp or the flag, none of them is sent', () => {
    const inf = build(single())[0]!.infMDFe as J;
    expect(inf.prodPred).toEqual({ tpCarga: '05', xProd: 'MOVEIS', NCM: '94036000' });
    expect('tpTransp' in inf.ide).toBe(false);
    expect('indCarregaPosterior' in inf.ide).toBe(false);
  });

  it('the builder leaves infLotacao out of a trip with two documents', () => {
    const parsed = mdfeFormSchema.parse(
      single({ lotacao: { carrega: cep('01310100'), descarga: cep('80010000') } }),
    );
    const two = { ...parsed, documentos: mdfeFormSchema.parse(mdfeForm()).documentos };
    const inf = buildMdfePayloads(two, company)[0]!.infMDFe as J;
    expect(inf.prodPred).toEqual({ tpCarga: '05', xProd: 'MOVEIS', NCM: '94036000' });
  });

  it('an own-load MDF-e with carregamento posterior has indCarregaPosterior 1', () => {
    const form = single({
      documentos: [nfeDoc(5, MUN.saoPaulo, MUN.curitiba)],
      seguros: [],
      carregaPosterior: true,
    });
    expect(messages(form)).toEqual([]);
    expect((build(form)[0]!.infMDFe as J).ide.indCarregaPosterior).toBe(1);
  });

  it('the places are checked offline, each message naming its field', () => {
    const form = single({
      lotacao: { carrega: cep('0131010'), descarga: geo('-95.1', '-46,6') },
    });
    expect(messages(form)).toEqual([
      'lotacao.carrega.cep: CEP do local de carregamento: informe os 8 dígitos (ex.: 01310-100)',
      'lotacao.descarga.latitude: latitude do local de descarregamento: graus decimais entre -90 e 90, até 6 casas (ex.: -23,550520)',
    ]);
    expect(messages(single({ lotacao: { carrega: geo('-23.5', '-181'), descarga: geo('', '') } }))).toEqual([
      'lotacao.carrega.longitude: longitude do local de carregamento: graus decimais entre -180 e 180, até 6 casas (ex.: -46,633308)',
      'lotacao.descarga.cep: local de descarregamento: informe o CEP ou a latitude e a longitude',
    ]);
    expect(
      messages(
        single({
          lotacao: {
            carrega: { cep: '01310100', latitude: '-23.5', longitude: '-46.6' },
            descarga: cep('80010000'),
          },
        }),
      ),
    ).toEqual([
      'lotacao.carrega.cep: local de carregamento: informe o CEP ou a latitude e a longitude, não os dois',
    ]);
  });

  it("a CEP of another UF than the place's is named (Correios ranges)", () => {
    const form = single({ lotacao: { carrega: cep('80010-000'), descarga: cep('80010-000') } });
    expect(messages(form)).toEqual([
      'lotacao.carrega.cep: CEP do local de carregamento: 80010-000 é de PR, mas o carregamento é em SP; confira o CEP',
    ]);
  });

  it('lotação with two documents is refused; carregamento posterior only for own load', () => {
    const form = mdfeForm({
      lotacao: { carrega: cep('01310100'), descarga: cep('80010000') },
      carregaPosterior: true,
    });
    expect(messages(form)).toEqual([
      'lotacao: carga lotação: só para viagem com um único documento (CT-e ou NF-e); apague os locais de carregamento e descarregamento',
      'carregaPosterior: carregamento posterior: só para MDF-e de carga própria (NF-e); tire a marca ou a seleção de CT-e',
    ]);
  });

  it('tpTransp against the vehicle owner (MOC G017 457, G018 458, G019 454)', () => {
    expect(messages(single({ tpTransp: '2' }))).toEqual([
      'tpTransp: tipo de transportador: TAC não se aplica a transportadora com veículo próprio (a SEFAZ rejeita com 457); escolha ETC ou CTC, ou deixe em branco',
      'ciot: CIOT: obrigatório para TAC ou equiparado com RNTRC (a SEFAZ rejeita com 304); informe o código do CIOT e o CPF/CNPJ de quem o gerou',
    ]);
    const ownLoad = { documentos: [nfeDoc(5, MUN.saoPaulo, MUN.curitiba)], seguros: [] };
    expect(messages(single({ ...ownLoad, tpTransp: '1' }))).toEqual([
      'tpTransp: tipo de transportador: não informe em MDF-e de carga própria com veículo próprio (a SEFAZ rejeita com 458)',
    ]);
    const terceiro = {
      ...cavaloDe('33000167000101'),
    };
    expect(messages(single({ ...ownLoad, veiculo: terceiro }))).toEqual([
      'tpTransp: tipo de transportador: carga própria em veículo de terceiro (CNPJ) exige TAC (a SEFAZ rejeita com 454)',
    ]);
    // TAC with RNTRC: a CIOT too (NT 2025.001, 304).
    expect(messages(single({ ...ownLoad, veiculo: terceiro, tpTransp: '2' }))).toEqual([
      'ciot: CIOT: obrigatório para TAC ou equiparado com RNTRC (a SEFAZ rejeita com 304); informe o código do CIOT e o CPF/CNPJ de quem o gerou',
    ]);
    const ciot = [{ ciot: '123456789012', cpfCnpj: '33000167000101' }];
    expect(messages(single({ ...ownLoad, veiculo: terceiro, tpTransp: '2', ciot }))).toEqual([]);
    expect(messages(single({ tpTransp: '4' as never }))).toEqual([
      'tpTransp: tipo de transportador: escolha ETC, TAC ou CTC',
    ]);
  });
});

function cavaloDe(cpfCnpj: string): MdfeFormInput['veiculo'] {
  return {
    ...mdfeForm().veiculo,
    proprietario: {
      cpfCnpj,
      nome: 'TRANSPORTES TERCEIRO',
      rntrc: '87654321',
      ie: null,
      uf: 'SP',
      tpProp: '2',
    },
  };
}

describe('NT 2025.001 and G085 in the form and the builder (messages at the field, in Portuguese)', () => {
  const tac = (over: Partial<MdfeFormInput> = {}) =>
    mdfeForm({
      veiculo: {
        ...cavaloDe('52998224725'),
        proprietario: { ...cavaloDe('52998224725').proprietario!, tpProp: '1' },
      },
      ...over,
    });
  /** The builder fed a parsed form with `patch` applied after parsing (as a caller skipping the form). */
  const buildBypassing = (
    input: MdfeFormInput,
    patch: (f: ReturnType<typeof mdfeFormSchema.parse>) => void,
  ) => {
    const parsed = mdfeFormSchema.parse(input);
    patch(parsed);
    try {
      buildMdfePayloads(parsed, company);
      return null;
    } catch (error) {
      if (!(error instanceof MdfeRuleError)) throw error;
      return [error.code, error.field, error.message] as const;
    }
  };

  it('301: a carga lotação without NCM is named at produto.ncm', () => {
    expect(messages(lotacaoForm({ produto: { tpCarga: '05', xProd: 'MOVEIS', ncm: '' } }))).toEqual([
      'produto.ncm: NCM do produto predominante: obrigatório em carga lotação, o MDF-e com um só documento (a SEFAZ rejeita com 301); busque pela descrição ou informe os 8 dígitos',
    ]);
    expect(buildBypassing(lotacaoForm(), (f) => (f.produto.ncm = ''))?.slice(0, 2)).toEqual([
      301,
      'produto.ncm',
    ]);
  });

  it('302: a carga lotação without payment is named at pagamentos — per manifest of a split trip too', () => {
    expect(messages(lotacaoForm({ pagamentos: [] }))).toEqual([
      'pagamentos: pagamento do frete: obrigatório em carga lotação, o MDF-e com um só documento (a SEFAZ rejeita com 302); informe quem paga, o valor do frete e o banco ou a chave PIX de quem recebe',
    ]);
    // Two CT-e to two UFs are two MDF-e of one CT-e each: both carga lotação.
    const split = mdfeForm({
      documentos: [cteDoc(1, MUN.saoPaulo, MUN.curitiba), cteDoc(2, MUN.saoPaulo, MUN.florianopolis)],
      produto: { tpCarga: '05', xProd: 'MOVEIS', ncm: '94036000' },
    });
    expect(messages(split)).toEqual([expect.stringMatching(/^pagamentos: .*302/)]);
    expect(buildBypassing(lotacaoForm(), (f) => (f.pagamentos = []))).toEqual([
      302,
      'pagamentos',
      expect.stringContaining('(a SEFAZ rejeita com 302)'),
    ]);
  });

  it('a carga lotação with NCM (8 digits or chapter, typed with dots) and payment passes and is sent', () => {
    expect(messages(lotacaoForm())).toEqual([]);
    const form = lotacaoForm({ produto: { tpCarga: '12', xProd: 'GLP', ncm: '2711.19.10' } });
    expect(messages(form)).toEqual([]);
    const inf = build(form)[0]!.infMDFe as J;
    expect(inf.prodPred).toEqual({ tpCarga: '12', xProd: 'GLP', NCM: '27111910' });
    expect(inf.infModal.rodo.infANTT.infPag).toEqual([
      {
        xNome: TOMADOR.nome,
        CNPJ: TOMADOR.cpfCnpj,
        Comp: [{ tpComp: '04', vComp: 350 }],
        vContrato: 350,
        indPag: 0,
        infBanc: { PIX: 'financeiro@rodoviaazul.com.br' },
      },
    ]);
    expect(messages(lotacaoForm({ produto: { tpCarga: '05', xProd: 'MOVEIS', ncm: '94' } }))).toEqual([]);
    expect(messages(lotacaoForm({ produto: { tpCarga: '05', xProd: 'MOVEIS', ncm: '9403600' } }))).toEqual([
      'produto.ncm: NCM do produto: 8 dígitos (ou os 2 do capítulo)',
    ]);
  });

  it('303/304: a TAC owner (tpProp 0/1) with RNTRC needs payment with bank data and a CIOT', () => {
    expect(messages(tac())).toEqual([
      'pagamentos: pagamento do frete com dados bancários: obrigatório para TAC ou equiparado com RNTRC (a SEFAZ rejeita com 303); informe quem paga, o valor e o banco ou a chave PIX de quem recebe',
      'ciot: CIOT: obrigatório para TAC ou equiparado com RNTRC (a SEFAZ rejeita com 304); informe o código do CIOT e o CPF/CNPJ de quem o gerou',
    ]);
    const ciot = [{ ciot: '123456789012', cpfCnpj: '52998224725' }];
    expect(messages(tac({ pagamentos: [pagamentoFrete()], ciot }))).toEqual([]);
    expect(buildBypassing(tac({ pagamentos: [pagamentoFrete()], ciot }), (f) => (f.ciot = []))?.[0]).toBe(
      304,
    );
    // An owner that is not a TAC (tpProp 2) asks for neither.
    expect(messages(mdfeForm({ veiculo: cavaloDe('33000167000101') }))).toEqual([]);
  });

  it('578 (G085): a carrier with neither CIOT nor vale-pedágio payer names a contratante', () => {
    expect(messages(mdfeForm({ contratantes: [] }))).toEqual([
      'contratantes: contratante: informe ao menos um (normalmente o tomador do CT-e) quando não há CIOT nem vale-pedágio com responsável pelo pagamento (a SEFAZ rejeita com 578)',
    ]);
    const vale = [
      { cnpjFornecedor: '33000167000101', cpfCnpjPagador: TOMADOR.cpfCnpj, numeroCompra: '1', valor: 10 },
    ];
    expect(messages(mdfeForm({ contratantes: [], valePedagio: vale }))).toEqual([]);
    expect(
      messages(mdfeForm({ contratantes: [], ciot: [{ ciot: '123456789012', cpfCnpj: TOMADOR.cpfCnpj }] })),
    ).toEqual([]);
    // Own load (tpEmit 2) is not asked.
    const own = mdfeForm({
      documentos: [nfeDoc(7, MUN.saoPaulo, MUN.curitiba), nfeDoc(8, MUN.saoPaulo, MUN.londrina)],
      seguros: [],
      contratantes: [],
    });
    expect(messages(own)).toEqual([]);
    expect(buildBypassing(mdfeForm(), (f) => (f.contratantes = []))?.[0]).toBe(578);
  });

  it('layout: one CIOT at most, tpValePed 01/04 (default TAG), the IDVPO digits', () => {
    const two = [
      { ciot: '123456789012', cpfCnpj: TOMADOR.cpfCnpj },
      { ciot: '210987654321', cpfCnpj: TOMADOR.cpfCnpj },
    ];
    expect(messages(mdfeForm({ ciot: two }))).toEqual(['ciot: CIOT: no máximo um por MDF-e (NT 2025.001)']);
    const vale = (tipo: string, numeroCompra = '778899') => [
      { cnpjFornecedor: '33000167000101', cpfCnpjPagador: '', numeroCompra, valor: 10, tipo: tipo as '01' },
    ];
    expect(messages(mdfeForm({ valePedagio: vale('02') }))).toEqual([
      'valePedagio.0.tipo: tipo do vale-pedágio: TAG (01) ou leitura de placa (04)',
    ]);
    expect(messages(mdfeForm({ valePedagio: vale('04', 'IDVPO-1') }))).toEqual([
      'valePedagio.0.numeroCompra: IDVPO do vale-pedágio: só números, até 20 dígitos',
    ]);
    const inf = build(mdfeForm({ valePedagio: vale('04') }))[0]!.infMDFe as J;
    expect(inf.infModal.rodo.infANTT.valePed.disp[0]).toEqual({
      CNPJForn: '33000167000101',
      nCompra: '778899',
      vValePed: 10,
      tpValePed: '04',
    });
  });
});
