// The four MDF-e events the API exposes, from the request body to the authority's answer:
// cancelamento (110111), encerramento (110112), inclusão de condutor (110114), inclusão de DF-e
// (110115). The rules live in authority.ts; registering in service.ts.
import type { SandboxContext } from '../context';
import { invalidMember } from '../http/validate';
import { findUf } from '../../fiscal';
import { JUSTIFICATIVA_MAX, JUSTIFICATIVA_MIN } from '../../fiscal/events';
import { brasiliaDayOf } from '../../fiscal/mdfe-rules';
import {
  checkMdfeCancellation,
  checkMdfeClosing,
  checkMdfeCondutor,
  checkMdfeInclusaoDfe,
} from './authority';
import type { MdfeRepository, MdfeRow } from './repository';
import {
  mdfePedidoCancelamento,
  mdfePedidoEncerramento,
  mdfePedidoInclusaoCondutor,
  mdfePedidoInclusaoDfe,
} from '../../fiscal/requests/mdfe';
import { justificativa, parseOrFail, registerEvent, stateOf } from './service';

export async function cancelMdfe(ctx: SandboxContext, repo: MdfeRepository, doc: MdfeRow, body: unknown) {
  const req = parseOrFail(mdfePedidoCancelamento, body);
  const xJust = justificativa(req.justificativa);
  if (xJust.length < JUSTIFICATIVA_MIN)
    throw invalidMember(
      'justificativa',
      'MinLength',
      `O campo 'justificativa' deve ter de ${JUSTIFICATIVA_MIN} a ${JUSTIFICATIVA_MAX} caracteres.`,
    );
  const nProt = doc.numero_protocolo ?? '';
  const rejection = checkMdfeCancellation(stateOf(doc), ctx.clock.now(), nProt);
  return registerEvent(
    ctx,
    repo,
    doc,
    { kind: 'cancelamento', nProt, xJust },
    1,
    rejection,
    { justificativa: xJust },
    { status: 'cancelado', codigo_status: 101, motivo_status: 'Cancelamento de MDF-e homologado' },
  );
}

export async function closeMdfe(ctx: SandboxContext, repo: MdfeRepository, doc: MdfeRow, body: unknown) {
  const req = parseOrFail(mdfePedidoEncerramento, body);
  const cUF = req.uf === 'EX' ? '99' : findUf(req.uf)!.code;
  // The API fills data_encerramento with the day of the request.
  const dtEnc = req.data_encerramento ?? brasiliaDayOf(ctx.clock.now());
  const nProt = doc.numero_protocolo ?? '';
  const rejection = checkMdfeClosing(
    stateOf(doc),
    { cUF, cMun: req.codigo_municipio, dtEnc, nProt },
    ctx.clock.now(),
  );
  return registerEvent(
    ctx,
    repo,
    doc,
    { kind: 'encerramento', nProt, dtEnc, cUF, cMun: req.codigo_municipio },
    1,
    rejection,
    { data_encerramento: dtEnc, uf: req.uf, codigo_municipio: req.codigo_municipio },
    { status: 'encerrado', codigo_status: 132, motivo_status: 'Encerramento de MDF-e homologado' },
  );
}

export async function addCondutor(ctx: SandboxContext, repo: MdfeRepository, doc: MdfeRow, body: unknown) {
  const req = parseOrFail(mdfePedidoInclusaoCondutor, body);
  const nSeq =
    (await repo.events(doc.id, 'inclusao-condutor')).filter((e) => e.status === 'registrado').length + 1;
  const rejection = checkMdfeCondutor(stateOf(doc), nSeq, req.cpf_condutor);
  return registerEvent(
    ctx,
    repo,
    doc,
    { kind: 'inclusao-condutor', xNome: req.nome_condutor, CPF: req.cpf_condutor },
    Math.min(nSeq, 99),
    rejection,
    { nome_condutor: req.nome_condutor, cpf_condutor: req.cpf_condutor },
  );
}

export async function addDfe(ctx: SandboxContext, repo: MdfeRepository, doc: MdfeRow, body: unknown) {
  const req = parseOrFail(mdfePedidoInclusaoDfe, body);
  const nProt = req.protocolo_autorizacao ?? doc.numero_protocolo ?? '';
  const nSeq =
    (await repo.events(doc.id, 'inclusao-dfe')).filter((e) => e.status === 'registrado').length + 1;
  const rejection = checkMdfeInclusaoDfe(stateOf(doc), {
    nProt,
    cMunCarrega: req.codigo_municipio_carrega,
    docs: req.documentos.map((d) => ({
      cMunDescarga: d.codigo_municipio_descarga,
      chNFe: d.chave_acesso_nfe,
    })),
  });
  return registerEvent(
    ctx,
    repo,
    doc,
    {
      kind: 'inclusao-dfe',
      nProt,
      cMunCarrega: req.codigo_municipio_carrega,
      xMunCarrega: req.municipio_carrega,
      infDoc: req.documentos.map((d) => ({
        cMunDescarga: d.codigo_municipio_descarga,
        xMunDescarga: d.municipio_descarga,
        chNFe: d.chave_acesso_nfe,
      })),
    },
    Math.min(nSeq, 99),
    rejection,
    {
      codigo_municipio_carrega: req.codigo_municipio_carrega,
      municipio_carrega: req.municipio_carrega,
      documentos: req.documentos,
    },
  );
}
