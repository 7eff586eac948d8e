// What the API (MdfePedidoEmissao JSON paths) or the MDF-e authority (the field of a rejection code)
// names lands on the MDF-e form: veicTracao.placa → veiculo.placa, condutor[i].CPF → condutores.i.cpf,
// seg → seguros, infPercurso → rotas… and every target is a field the form's schema really has.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

import { formPathOf, formPathsOf } from '../../../electron/app/issuing/field-paths';
import { MDFE_PATH_RULES, mdfeFormPathOf } from '../../../electron/app/issuing/mdfe-field-paths';
import { routeFieldsOf } from '../../../electron/app/mdfe/service';
import { mdfeFormSchema } from '../../../electron/shared/schemas/mdfe-form';

describe('MDF-e field paths', () => {
  it.each([
    ['infMDFe.infModal.rodo.veicTracao.placa', 'veiculo.placa'],
    ['infMDFe.infModal.rodo.veicTracao.RENAVAM', 'veiculo.renavam'],
    ['infMDFe.infModal.rodo.veicTracao.capKG', 'veiculo.capKg'],
    ['infMDFe.infModal.rodo.veicTracao.prop.CNPJ', 'veiculo.proprietario.cpfCnpj'],
    ['infMDFe.infModal.rodo.veicTracao.prop.RNTRC', 'veiculo.proprietario.rntrc'],
    ['infMDFe.infModal.rodo.veicTracao.condutor[1].CPF', 'condutores.1.cpf'],
    ['infMDFe.infModal.rodo.veicTracao.condutor.0.xNome', 'condutores.0.nome'],
    ['infMDFe.infModal.rodo.veicTracao.condutor', 'condutores'],
    ['infMDFe.infModal.rodo.veicReboque[2].placa', 'reboques.2.placa'],
    ['infMDFe.infModal.rodo.veicReboque.0.tara', 'reboques.0.tara'],
    ['infMDFe.infModal.rodo.infANTT.RNTRC', 'rntrc'],
    ['infMDFe.infModal.rodo.infANTT.infCIOT[0].CIOT', 'ciot.0.ciot'],
    ['infMDFe.infModal.rodo.infANTT.valePed.disp[1].CNPJForn', 'valePedagio.1.cnpjFornecedor'],
    ['infMDFe.infModal.rodo.infANTT.infContratante[0].CPF', 'contratantes.0.cpfCnpj'],
    ['infMDFe.infModal.rodo.infANTT.infPag[0].Comp[1].vComp', 'pagamentos.0.componentes.1.valor'],
    ['infMDFe.infModal.rodo.infANTT.infPag[0].infPrazo[2].dVenc', 'pagamentos.0.parcelas.2.vencimento'],
    ['infMDFe.infModal.rodo.infANTT.infPag[0].infBanc.PIX', 'pagamentos.0.pix'],
    ['infMDFe.ide.tpTransp', 'tpTransp'],
    ['infMDFe.ide.infPercurso', 'rotas'],
    ['infMDFe.ide.infPercurso[0].UFPer', 'rotas'],
    ['infMDFe.ide.dhIniViagem', 'dhIniViagem'],
    ['infMDFe.ide.infMunCarrega.cMunCarrega', 'documentos'],
    ['infMDFe.infDoc.infMunDescarga.infCTe.chCTe', 'documentos'],
    ['infMDFe.infDoc.infMunDescarga[0].infNFe[3].chNFe', 'documentos'],
    ['infMDFe.tot', 'documentos'],
    ['infMDFe.tot.cUnid', 'unidade'],
    ['infMDFe.seg', 'seguros'],
    ['infMDFe.seg[0].nAver', 'seguros.0.averbacoes'],
    ['infMDFe.seg[1].nAver[0]', 'seguros.1.averbacoes.0'],
    ['infMDFe.seg[0].infSeg.CNPJ', 'seguros.0.cnpjSeguradora'],
    ['infMDFe.seg[0].nApol', 'seguros.0.apolice'],
    ['infMDFe.prodPred.xProd', 'produto.xProd'],
    ['infMDFe.prodPred.infLotacao.infLocalCarrega.CEP', 'lotacao.carrega.cep'],
    ['infMDFe.prodPred.infLotacao.infLocalDescarrega.latitude', 'lotacao.descarga.latitude'],
    ['infMDFe.infAdic.infCpl', 'infCpl'],
  ])('%s → %s', (api, form) => {
    expect(formPathOf(api)).toBe(form);
  });

  it('what the form does not have maps to nothing (the emitente is in Empresas)', () => {
    expect(formPathOf('infMDFe.emit.IE')).toBeNull();
    expect(formPathOf('infMDFe.ide.nMDF')).toBeNull();
    // A segment is matched whole: placaX is not placa.
    expect(mdfeFormPathOf('infMDFe.infModal.rodo.veicTracao.placaX')).toBe('veiculo');
  });

  it('the MDF-e authority codes point at the form (sefaz-codes field, family mdfe)', () => {
    expect(formPathsOf('Rejeição', [], 646, 'mdfe')).toEqual(['veiculo.placa']);
    // An MDF-e open elsewhere is fixed by closing it, not on this form.
    expect(formPathsOf('Rejeição', [], 611, 'mdfe')).toEqual([]);
    expect(formPathsOf('Rejeição', [], 462, 'mdfe')).toEqual([]);
    expect(formPathsOf('Rejeição', [], 663, 'mdfe')).toEqual(['rotas']);
    expect(formPathsOf('Rejeição', [], 699, 'mdfe')).toEqual(['seguros']);
    expect(formPathsOf('Rejeição', [], 457, 'mdfe')).toEqual(['tpTransp']);
    expect(formPathsOf('Rejeição', [], 577, 'mdfe')).toEqual(['condutores']);
    expect(formPathsOf('Rejeição', [], 601, 'mdfe')).toEqual(['documentos']);
    // An API message naming a path finds it too.
    expect(formPathsOf('infMDFe.infModal.rodo.veicReboque[0].placa: formato inválido')).toEqual([
      'reboques.0.placa',
    ]);
  });

  it("a rejected manifest's route is the form's route of its unloading UF (issueForm)", () => {
    const rotas = [
      { ufFim: 'SP', percurso: [] },
      { ufFim: 'BA', percurso: ['MG'] },
    ];
    expect(routeFieldsOf(['rotas', 'veiculo.placa'], rotas, 'BA')).toEqual([
      'rotas.1.percurso',
      'veiculo.placa',
    ]);
    // No route given for the UF (the proposed one was sent): the route list as a whole.
    expect(routeFieldsOf(['rotas'], rotas, 'PR')).toEqual(['rotas']);
  });

  it('the CT-e paths keep their meaning', () => {
    expect(formPathOf('infCte.infCTeNorm.infModal.rodo.RNTRC')).toBe('rodoviario.rntrc');
    expect(formPathOf('infCte.rem.IE')).toBe('remetente.ie');
  });

  it('every target of the map is a field of the MDF-e form schema', () => {
    const targets = MDFE_PATH_RULES.map(([, target]) => target.replace(/\$\d/g, '0'));
    expect(targets.length).toBeGreaterThan(60);
    const missing = targets.filter((t) => !schemaHasPath(mdfeFormSchema, t.split('.')));
    expect(missing).toEqual([]);
    // The walk itself tells a field from a made-up one.
    expect(schemaHasPath(mdfeFormSchema, ['veiculo', 'placa'])).toBe(true);
    expect(schemaHasPath(mdfeFormSchema, ['veiculo', 'chassi'])).toBe(false);
    expect(schemaHasPath(mdfeFormSchema, ['seguros', '0', 'averbacoes', '0'])).toBe(true);
    expect(schemaHasPath(mdfeFormSchema, ['seguros', 'x'])).toBe(false);
  });
});

/** Whether `path` names a field of the zod (v4) schema, looking through wrappers and pipes. */
function schemaHasPath(schema: z.ZodType, path: string[]): boolean {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return schemaHasPath(def.innerType as z.ZodType, path);
    case 'pipe':
      return schemaHasPath(def.in as z.ZodType, path);
    case 'union':
      return (def.options as z.ZodType[]).some((o) => schemaHasPath(o, path));
  }
  if (path.length === 0) return true;
  const [head, ...rest] = path;
  if (def.type === 'object') {
    const shape = def.shape as Record<string, z.ZodType>;
    return head! in shape && schemaHasPath(shape[head!]!, rest);
  }
  if (def.type === 'array') return /^\d+$/.test(head!) && schemaHasPath(def.element as z.ZodType, rest);
  return false;
}
