// Pure helpers of the CT-e lifecycle screen.

/** "3 dias e 4 horas" / "5 horas e 20 minutos". */
export function formatHoursLeft(hours: number): string {
  if (hours <= 0) return 'prazo encerrado';
  const totalMinutes = Math.floor(hours * 60);
  const days = Math.floor(totalMinutes / 1440);
  const h = Math.floor((totalMinutes % 1440) / 60);
  const m = totalMinutes % 60;
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  if (days > 0) return `${plural(days, 'dia', 'dias')} e ${plural(h, 'hora', 'horas')}`;
  return `${plural(h, 'hora', 'horas')} e ${plural(m, 'minuto', 'minutos')}`;
}

/** What a correction letter may change (the command refuses tax values, parties and dates). */
export const CORRECTABLE = [
  { label: 'Natureza da operação', grupo: 'ide', campo: 'natOp' },
  { label: 'Observações gerais', grupo: 'compl', campo: 'xObs' },
  { label: 'Característica adicional do transporte', grupo: 'compl', campo: 'xCaracAd' },
  { label: 'Característica adicional do serviço', grupo: 'compl', campo: 'xCaracSer' },
  { label: 'Produto predominante', grupo: 'infCarga', campo: 'proPred' },
  { label: 'Outras características da carga', grupo: 'infCarga', campo: 'xOutCat' },
  { label: 'Tipo de medida da carga', grupo: 'infQ', campo: 'tpMed' },
  { label: 'Quantidade da carga', grupo: 'infQ', campo: 'qCarga' },
  { label: 'RNTRC', grupo: 'rodo', campo: 'RNTRC' },
] as const;
