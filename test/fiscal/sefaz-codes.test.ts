// The rejection-code table of fiscal/sefaz-codes.ts against the two other places that know the
// codes: the sandbox's authority rules (which answer them) and the API description (whose JSON
// paths the table's fields name). The sandbox's codes are collected from the tables its rule
// modules answer from, so a rule added there without an entry here, or worded differently, fails.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

import type { SefazFamily, SefazRejection } from '../../electron/fiscal/sefaz-codes';
import {
  CTE_REJECTIONS,
  MDFE_REJECTIONS,
  SEFAZ_REJECTIONS,
  sefazRejection,
} from '../../electron/fiscal/sefaz-codes';
import { CTE_REQUEST_RULE_CODES } from '../../electron/fiscal/cte-rules';
import { HOMOLOGACAO_NAME_RULES, homologacaoNameMotivo } from '../../electron/fiscal/homologacao';
import { openMdfeBlocks } from '../../electron/fiscal/mdfe-rules';
import { CTE_AUTHORITY_REJECTIONS, DCE_AUTHORITY_REJECTIONS } from '../../electron/sandbox/dfe/authority';
import { MDFE_AUTHORITY_REJECTIONS } from '../../electron/sandbox/mdfe/authority';
import { DISTRIBUTION_REJECTIONS } from '../../electron/sandbox/nfe/distribution';
import { MANIFESTATION_REJECTIONS } from '../../electron/sandbox/nfe/manifestation';
import { explainMdfeRejection } from '../../renderer/src/views/emitir-mdfe/mdfe-explain';
import { openapiPath, referencePath, sharedAvailable } from '../support/shared';

const withoutPrefix = (xMotivo: string) => xMotivo.replace(/^Rejeição:\s*/, '');

/** Every rejection the sandbox can answer, per family: cStat → its text (without "Rejeição: "). */
const SANDBOX: Record<SefazFamily, Record<number, string>> = {
  cte: {
    ...CTE_AUTHORITY_REJECTIONS,
    // G002–G005 live in fiscal/homologacao.ts, where the sandbox's issueCte takes them from.
    ...Object.fromEntries(
      HOMOLOGACAO_NAME_RULES.map((r) => [r.cStat, withoutPrefix(homologacaoNameMotivo(r.role))]),
    ),
    // The request-only rules (fiscal/cte-rules.ts) answer with the table's own words.
    ...Object.fromEntries(CTE_REQUEST_RULE_CODES.map((c) => [c, CTE_REJECTIONS[c].motivo])),
  },
  dce: DCE_AUTHORITY_REJECTIONS,
  mdfe: MDFE_AUTHORITY_REJECTIONS,
  nfe: { ...MANIFESTATION_REJECTIONS, ...DISTRIBUTION_REJECTIONS },
};

const FAMILIES = ['cte', 'dce', 'mdfe', 'nfe'] as const;
const codesOf = (table: object) =>
  Object.keys(table)
    .map(Number)
    .sort((a, b) => a - b);
/** The manual's text as the table keeps it: no trailing period (the sandbox's 218 of the MDF-e has one). */
const meaning = (text: string) => text.replace(/\.$/, '');

describe('the sandbox answers only codes the fiscal table knows, with the same meaning', () => {
  it.each(FAMILIES)('%s: every code the sandbox raises has an entry', (family) => {
    const missing = codesOf(SANDBOX[family]).filter((code) => !sefazRejection(family, code));
    expect(missing).toEqual([]);
  });

  it.each(FAMILIES)('%s: the sandbox words each code as the table does', (family) => {
    const differing = codesOf(SANDBOX[family])
      .map((code) => ({
        code,
        sandbox: meaning(SANDBOX[family][code]!),
        table: sefazRejection(family, code)?.motivo,
      }))
      .filter((d) => d.sandbox !== d.table);
    expect(differing).toEqual([]);
  });

  it.each(FAMILIES)('%s: the table holds no code the sandbox never answers', (family) => {
    // A code the real authority answers and the sandbox does not may be added here on purpose.
    const tableOnly = codesOf(SEFAZ_REJECTIONS[family]).filter((code) => SANDBOX[family][code] === undefined);
    expect(tableOnly).toEqual([]);
  });

  it('counts: 35 CT-e, 7 DC-e, 48 MDF-e and 10 NF-e codes', () => {
    expect(FAMILIES.map((f) => codesOf(SANDBOX[f]).length)).toEqual([35, 7, 48, 10]);
  });

  it("the open-manifest rule of fiscal/mdfe-rules answers only the table's codes", () => {
    const at = new Date('2026-11-20T12:00:00Z');
    const open = { placa: 'ABC1D23', tpEmit: 1, ufFim: 'SP', percursoCount: 0, authorizedAt: at };
    const blocks = [
      openMdfeBlocks(open, { placa: 'ABC1D23', tpEmit: 1, ufFim: 'SP' }, at),
      openMdfeBlocks(
        open,
        { placa: 'XYZ9A87', tpEmit: 1, ufFim: 'SP' },
        new Date(at.getTime() + 31 * 86_400_000),
      ),
      openMdfeBlocks(
        open,
        { placa: 'ABC1D23', tpEmit: 1, ufFim: 'RJ' },
        new Date(at.getTime() + 6 * 86_400_000),
      ),
    ];
    expect(blocks).toEqual([611, 686, 462]);
    for (const code of blocks) expect(MDFE_REJECTIONS[code!].motivo).toMatch(/^Existe MDF-e não encerrado/);
  });
});

describe("the screens' words are for codes the table holds", () => {
  it('the MDF-e form explains only MDF-e codes (and the MOC 3.00 610, which the table lacks)', () => {
    const explained = Array.from({ length: 900 }, (_, i) => 100 + i).filter((code) =>
      explainMdfeRejection(code),
    );
    expect(explained.filter((code) => !sefazRejection('mdfe', code))).toEqual([610]);
    expect(explained).toEqual([462, 577, 601, 604, 610, 611, 646, 663, 667, 686, 698, 699]);
  });
});

describe('the table is the manual', () => {
  it("keeps the MOC CT-e 4.00's words (Anexo I G050, G157; Visão Geral O06)", () => {
    expect(CTE_REJECTIONS[519]).toEqual({
      motivo: 'CFOP inválido para operação',
      rule: 'G050',
      source: 'MOC CT-e 4.00 Anexo I, regra G050',
      inForceSince: '2023-06-26',
      on: ['autorizacao'],
      field: 'infCte.ide.CFOP',
    });
    expect(CTE_REJECTIONS[539].motivo).toBe('Duplicidade de CTe, com diferença na Chave de Acesso');
    expect(CTE_REJECTIONS[220]).toMatchObject({ rule: 'O06', on: ['cancelamento'] });
  });

  it('keeps the words of the Anexo I rules the request alone breaks (G007–G010, G047, G048, G051, G052)', () => {
    const words = (code: keyof typeof CTE_REJECTIONS) => {
      const r: SefazRejection = CTE_REJECTIONS[code];
      return [r.motivo, r.rule, r.field];
    };
    expect(words(247)).toEqual([
      'Sigla da UF do Emitente diverge da UF autorizadora',
      'G007',
      'infCte.ide.cUF',
    ]);
    expect(words(587)).toEqual([
      'Data e Justificativa de entrada em contingência devem ser informadas',
      'G009',
      'infCte.ide.dhCont',
    ]);
    expect(words(675)).toEqual([
      'Valor do imposto não corresponde à base de cálculo X alíquota',
      'G047',
      'infCte.imp.ICMS',
    ]);
    expect(words(531)).toEqual([
      'Valor a receber deve ser menor ou igual Valor da Prestação',
      'G048',
      'infCte.vPrest.vRec',
    ]);
    expect(words(524)).toEqual(['CFOP inválido, informar 5932 ou 6932', 'G051', 'infCte.ide.CFOP']);
    // The CT-e OS section repeats the general and value rules under its own numbers.
    expect(CTE_REJECTIONS[675].source).toBe('MOC CT-e 4.00 Anexo I, regras G047 (CT-e) e H055 (CT-e OS)');
    expect(CTE_REJECTIONS[524].source).toBe('MOC CT-e 4.00 Anexo I, regra G051');
  });

  it('a code means what its family says: 646 is a name in the CT-e, a plate in the MDF-e', () => {
    expect(sefazRejection('cte', 646)?.field).toBe('infCte.rem.xNome');
    expect(sefazRejection('mdfe', 646)?.field).toBe('infMDFe.infModal.rodo.veicTracao.placa');
    expect(sefazRejection('nfe', 651)?.on).toEqual(['manifestacao']);
    expect(sefazRejection('cte', 999)).toBeNull();
  });
});

describe('every rule names its source and the day it came into force', () => {
  const entries = FAMILIES.flatMap((family) =>
    Object.entries(SEFAZ_REJECTIONS[family] as Record<number, SefazRejection>).map(
      ([code, r]) => [`${family} ${code}`, r] as const,
    ),
  );
  // The earliest a rule of these manuals can date from: the CT-e project's first layout (2008).
  const EARLIEST = Date.UTC(2008, 0, 1);

  it.each(entries)('%s', (_name, r) => {
    // A manual (MOC CT-e/MDF-e, the DC-e manual) with its section or rule, or a technical note with
    // its number and version.
    expect(r.source).toMatch(
      /^(MOC (CT-e|MDF-e) \d\.\d{2}a?|Manual DC-e Visão Geral \d\.\d|NT \d{4}\.\d{3}( v\d+\.\d+)?),? .*\S$/,
    );
    expect(r.inForceSince).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const day = Date.parse(`${r.inForceSince}T00:00:00Z`);
    // A real calendar day (2023-02-30 would roll over), not before the projects, not in the future.
    expect(new Date(day).toISOString().slice(0, 10)).toBe(r.inForceSince);
    expect(day).toBeGreaterThanOrEqual(EARLIEST);
    expect(day).toBeLessThanOrEqual(Date.now());
  });

  it("the rule a source names is the entry's own", () => {
    const mismatched = entries
      .filter(([, r]) => /^G\d{3}$/.test(r.rule) && !r.source.includes(r.rule))
      .map(([name]) => name);
    expect(mismatched).toEqual([]);
    expect(entries.length).toBeGreaterThan(70);
  });
});

type Json = Record<string, unknown>;

/** Whether `path` (dots, no indexes) names a member of the OpenAPI schema `root`. */
function hasPath(schemas: Record<string, Json>, root: string, path: string): boolean {
  const resolve = (node: Json): Json[] => {
    if (typeof node.$ref === 'string') return resolve(schemas[node.$ref.split('/').pop()!]!);
    if (node.type === 'array' && node.items) return resolve(node.items as Json);
    const parts = [...((node.allOf as Json[]) ?? []), ...((node.oneOf as Json[]) ?? [])];
    return [node, ...parts.flatMap(resolve)];
  };
  let nodes = resolve(schemas[root]!);
  for (const name of path.split('.')) {
    nodes = nodes.flatMap((n) => {
      const child = (n.properties as Json | undefined)?.[name] as Json | undefined;
      return child ? resolve(child) : [];
    });
    if (nodes.length === 0) return false;
  }
  return true;
}

describe.skipIf(!sharedAvailable)("each emission code's field is a path of the API's request", () => {
  const read = (file: string) =>
    (parse(readFileSync(file, 'utf8')) as { components: { schemas: Record<string, Json> } }).components
      .schemas;
  const ROOTS: Record<Exclude<SefazFamily, 'nfe'>, { file: string; schema: string }> = {
    cte: { file: openapiPath, schema: 'CtePedidoEmissao' },
    dce: { file: openapiPath, schema: 'DcePedidoEmissao' },
    mdfe: { file: referencePath('mdfe', 'openapi-2.60-mdfe-subset.yaml'), schema: 'MdfePedidoEmissao' },
  };

  it.each(Object.keys(ROOTS) as (keyof typeof ROOTS)[])('%s', (family) => {
    const { file, schema } = ROOTS[family];
    const schemas = read(file);
    const entries = Object.entries(SEFAZ_REJECTIONS[family] as Record<number, SefazRejection>).filter(
      ([, r]) => r.field && r.on.includes('autorizacao'),
    );
    expect(entries.length).toBeGreaterThanOrEqual(3);
    // The walk is strict: a member the schema lacks is not found.
    expect(hasPath(schemas, schema, `${entries[0]![1].field!}.naoExiste`)).toBe(false);
    const unknown = entries
      .filter(([, r]) => !hasPath(schemas, schema, r.field!))
      .map(([code, r]) => `${code} ${r.field}`);
    expect(unknown).toEqual([]);
  });
});
