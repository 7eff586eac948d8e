// The ANTT rules of the road MDF-e (fiscal/mdfe-antt.ts): NT 2025.001 v1.03 (301–304) with its
// conditions (tpEmit 1 or 3, or 2 with tpTransp; carga lotação = one DF-e; TAC or equiparado with
// RNTRC), G085 (578), the day each came into force, and the facts read from the layout's JSON.
import { describe, expect, it } from 'vitest';

import type { MdfeAnttFacts } from '../../electron/fiscal/mdfe-antt';
import {
  inForceSince,
  isTacEquiparado,
  mdfeAnttFactsOf,
  mdfeAnttProblems,
  nt2025001Applies,
} from '../../electron/fiscal/mdfe-antt';
import { MDFE_REJECTIONS } from '../../electron/fiscal/sefaz-codes';

/** A carrier's carga lotação that breaks every rule. */
const bare = (over: Partial<MdfeAnttFacts> = {}): MdfeAnttFacts => ({
  modal: 1,
  tpEmit: 1,
  tpTransp: null,
  docCount: 1,
  ncm: '',
  rntrc: '12345678',
  owner: null,
  pagamentos: [],
  ciot: [],
  valePedPagador: false,
  contratantes: 0,
  ...over,
});

describe('NT 2025.001 v1.03: who it applies to', () => {
  it.each([
    [1, null, true],
    [3, null, true],
    [2, 2, true],
    [2, 1, true],
    [2, null, false],
  ])('tpEmit %s, tpTransp %s → %s', (tpEmit, tpTransp, applies) => {
    expect(nt2025001Applies({ modal: 1, tpEmit, tpTransp })).toBe(applies);
  });
  it('only the road modal', () => {
    expect(nt2025001Applies({ modal: 2, tpEmit: 1, tpTransp: null })).toBe(false);
  });
  it('TAC or equiparado: tpTransp 2 with the RNTRC, or an owner tpProp 0/1 with its RNTRC', () => {
    expect(isTacEquiparado({ tpTransp: 2, rntrc: '12345678', owner: null })).toBe(true);
    expect(isTacEquiparado({ tpTransp: 2, rntrc: '', owner: null })).toBe(false);
    expect(isTacEquiparado({ tpTransp: 1, rntrc: '12345678', owner: null })).toBe(false);
    expect(isTacEquiparado({ tpTransp: null, rntrc: '', owner: { tpProp: 0, rntrc: '87654321' } })).toBe(
      true,
    );
    expect(isTacEquiparado({ tpTransp: null, rntrc: '', owner: { tpProp: 1, rntrc: '87654321' } })).toBe(
      true,
    );
    expect(isTacEquiparado({ tpTransp: null, rntrc: '', owner: { tpProp: 2, rntrc: '87654321' } })).toBe(
      false,
    );
  });
});

describe('the rules each MDF-e breaks', () => {
  it('a carrier carga lotação with nothing: 301, 302 and 578, in that order', () => {
    expect(mdfeAnttProblems(bare())).toEqual([301, 302, 578]);
  });
  it('with NCM, payment and contratante: none', () => {
    expect(
      mdfeAnttProblems(bare({ ncm: '94036000', pagamentos: [{ infBanc: true }], contratantes: 1 })),
    ).toEqual([]);
  });
  it('two documents are no carga lotação', () => {
    expect(mdfeAnttProblems(bare({ docCount: 2, contratantes: 1 }))).toEqual([]);
  });
  it('a TAC owner: 303 without payment or without its bank data, 304 without CIOT', () => {
    const tac = bare({ docCount: 3, contratantes: 1, owner: { tpProp: 1, rntrc: '87654321' } });
    expect(mdfeAnttProblems(tac)).toEqual([303, 304]);
    expect(mdfeAnttProblems({ ...tac, pagamentos: [{ infBanc: false }] })).toEqual([303, 304]);
    expect(
      mdfeAnttProblems({ ...tac, pagamentos: [{ infBanc: true }], ciot: [{ responsavel: true }] }),
    ).toEqual([]);
  });
  it('own load without tpTransp is not asked for NCM nor payment, nor a contratante (G085 is tpEmit 1)', () => {
    expect(mdfeAnttProblems(bare({ tpEmit: 2 }))).toEqual([]);
    expect(mdfeAnttProblems(bare({ tpEmit: 2, tpTransp: 1 }))).toEqual([301, 302]);
  });
  it('G085: a CIOT with its responsible, or a vale-pedágio payer, stands in for the contratante', () => {
    const two = bare({ docCount: 2 });
    expect(mdfeAnttProblems(two)).toEqual([578]);
    expect(mdfeAnttProblems({ ...two, ciot: [{ responsavel: true }] })).toEqual([]);
    expect(mdfeAnttProblems({ ...two, ciot: [{ responsavel: false }] })).toEqual([578]);
    expect(mdfeAnttProblems({ ...two, valePedPagador: true })).toEqual([]);
  });
  it('garbage gives no rule and no throw', () => {
    expect(mdfeAnttProblems(null as never)).toEqual([]);
    expect(mdfeAnttFactsOf('x').docCount).toBe(0);
  });
});

describe('each rule from the day it came into force (sefaz-codes.ts)', () => {
  it('the NT rules from 06/10/2025 00:00 in Brasília; G085 long before', () => {
    expect(MDFE_REJECTIONS[301]).toMatchObject({
      source: 'NT 2025.001 v1.03 (MDF-e), regra F55a',
      inForceSince: '2025-10-06',
    });
    expect(inForceSince(302).toISOString()).toBe('2025-10-06T03:00:00.000Z');
    const before = new Date('2025-10-06T02:59:59Z');
    const after = new Date('2025-10-06T03:00:00Z');
    expect(mdfeAnttProblems(bare(), before)).toEqual([578]);
    expect(mdfeAnttProblems(bare(), after)).toEqual([301, 302, 578]);
  });
});

describe('the facts of an infMDFe in the layout (what the app sends and the sandbox reads)', () => {
  it('reads documents, NCM, ANTT groups and the owner', () => {
    const facts = mdfeAnttFactsOf({
      ide: { modal: 1, tpEmit: 1, tpTransp: 2 },
      infModal: {
        rodo: {
          infANTT: {
            RNTRC: '12345678',
            infCIOT: [{ CIOT: '123456789012', CPF: '52998224725' }],
            valePed: { disp: [{ CNPJForn: '33000167000101', CPFPg: '52998224725' }] },
            infContratante: [{ CNPJ: '11444777000161' }],
            infPag: [{ infBanc: { PIX: 'x@y.com' } }, { CNPJ: '11444777000161' }],
          },
          veicTracao: { prop: { CPF: '52998224725', RNTRC: '87654321', tpProp: '0' } },
        },
      },
      infDoc: { infMunDescarga: [{ infCTe: [{}, {}] }, { infNFe: [{}], infMDFeTransp: [{}] }] },
      prodPred: { NCM: '94036000' },
    });
    expect(facts).toEqual({
      modal: 1,
      tpEmit: 1,
      tpTransp: 2,
      docCount: 4,
      ncm: '94036000',
      rntrc: '12345678',
      owner: { tpProp: 0, rntrc: '87654321' },
      pagamentos: [{ infBanc: true }, { infBanc: false }],
      ciot: [{ responsavel: true }],
      valePedPagador: true,
      contratantes: 1,
    });
  });
});
