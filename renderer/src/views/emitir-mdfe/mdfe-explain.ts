// What to do after the MDF-e rejections a clerk meets, in words (MOC MDF-e 3.00 §7.2 and the
// reference README's table): the authority's own text stays beside it.
const TEXTS: Record<number, string> = {
  611: 'Já existe um MDF-e não encerrado para esta placa e esta UF de descarregamento. Encerre o MDF-e anterior (tela "MDF-e em aberto") e emita de novo.',
  610: 'Já existe um MDF-e não encerrado para esta placa e este trajeto. Encerre o MDF-e anterior e emita de novo.',
  686: 'A empresa tem um MDF-e autorizado há mais de 30 dias sem encerramento. Encerre-o na tela "MDF-e em aberto" antes de emitir outro.',
  462: 'Esta placa tem um MDF-e aberto há mais de 5 dias. Encerre-o na tela "MDF-e em aberto" e emita de novo.',
  663: 'O percurso não confere: informe as UFs atravessadas, na ordem, entre a UF de carregamento e a de descarregamento (etapa "Documentos e percurso").',
  698: 'Transportadora precisa informar o seguro da carga (etapa "Seguro e pagamento").',
  699: 'O seguro da carga está incompleto: informe responsável, seguradora, apólice e averbação.',
  646: 'A placa do veículo está em formato inválido: use ABC1234 ou ABC1D23.',
  667: 'A quantidade de documentos nos totais não confere com a lista: revise os documentos da viagem.',
  601: 'Uma chave de CT-e da viagem é inválida: tire o documento da viagem e adicione de novo.',
  604: 'Uma chave de NF-e da viagem é inválida: tire o documento da viagem e adicione de novo.',
  577: 'O mesmo motorista foi informado duas vezes.',
};

export function explainMdfeRejection(codigo: number | null | undefined): string | null {
  return codigo == null ? null : (TEXTS[codigo] ?? null);
}
