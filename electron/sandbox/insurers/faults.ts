// Bad days of the averbadoras, on demand (control API `/_averbadoras/faults`): slow answers, answers
// lost after the document was registered (so the resend is a duplicate), the codes AT&M says to
// resend (000, 907, 910, an empty answer), a document refused, a terminal blocked, a service down.
// Each counted fault is consumed by the requests it hits.
import { z } from 'zod';
import { LENGTHS } from '../../fiscal/lengths';

const count = z.number().int().min(1).max(100_000);
const target = z.enum(['atm', 'porto']).optional();

export const insurerFaultSchema = z.discriminatedUnion('type', [
  /** Every answer waits `ms` (longer than the client's timeout: a timeout). */
  z.object({
    type: z.literal('latencia'),
    averbadora: target,
    ms: z.number().int().min(1).max(600_000),
    count: count.optional(),
  }),
  /** The request is processed and committed, then the connection dies with no answer. */
  z.object({ type: z.literal('sem-resposta'), averbadora: target, count: count.default(1) }),
  /** The connection dies before anything is processed (the service is down). */
  z.object({ type: z.literal('fora-do-ar'), averbadora: target, count: count.default(1) }),
  /** AT&M answers this error code instead of processing (000 → HTTP 500 in REST; 907, 910…). */
  z.object({
    type: z.literal('erro'),
    codigo: z.string().regex(/^\d{3}$/),
    descricao: z.string().min(1).max(LENGTHS.xMotivo).optional(),
    count: count.default(1),
  }),
  /** An answer with no content (AT&M: resend it). */
  z.object({ type: z.literal('vazio'), count: count.default(1) }),
  /** AverbePorto answers `success:0` without detail. */
  z.object({ type: z.literal('porto-falha'), count: count.default(1) }),
  /** The document (one key, or the next ones) is refused with a business code (004 by default). */
  z.object({
    type: z.literal('recusar'),
    averbadora: target,
    chave: z.string().length(44).optional(),
    codigo: z
      .string()
      .regex(/^\d{1,3}$/)
      .default('004'),
    descricao: z.string().min(1).max(LENGTHS.xMotivo).default('Valor da IS maior que o limite permitido.'),
    esperado: z.string().max(50).optional(),
    informado: z.string().max(50).optional(),
    count: count.default(1),
  }),
  /** The next new documents are answered as already registered (Info 001 / `D`: another station sent them). */
  z.object({ type: z.literal('ja-registrado'), averbadora: target, count: count.default(1) }),
  /** AT&M's terminal switched off (919) or blocked (920) until the faults are cleared. */
  z.object({ type: z.literal('terminal'), codigo: z.enum(['919', '920']) }),
]);
export type InsurerFault = z.infer<typeof insurerFaultSchema>;
type FaultOf<T extends InsurerFault['type']> = Extract<InsurerFault, { type: T }>;

export interface DoubleFaults {
  /** Takes the fault as the control API does (defaults filled, bad ones refused). */
  add(fault: z.input<typeof insurerFaultSchema>): void;
  clear(): void;
  list(): InsurerFault[];
  latency(averbadora: 'atm' | 'porto'): number;
  take<T extends 'sem-resposta' | 'fora-do-ar' | 'ja-registrado'>(
    type: T,
    averbadora: 'atm' | 'porto',
  ): boolean;
  takeError(): FaultOf<'erro'> | null;
  takeEmpty(): boolean;
  takePortoFailure(): boolean;
  takeRefusal(averbadora: 'atm' | 'porto', chave: string): FaultOf<'recusar'> | null;
  terminal(): '919' | '920' | null;
}

export function createDoubleFaults(): DoubleFaults {
  let faults: Array<InsurerFault & { left?: number }> = [];
  const applies = (f: { averbadora?: 'atm' | 'porto' }, name: 'atm' | 'porto') =>
    f.averbadora === undefined || f.averbadora === name;
  /** Consumes one occurrence of the first fault `match` accepts. */
  function consume<T extends InsurerFault>(match: (f: InsurerFault) => f is T): T | null {
    const index = faults.findIndex(match);
    if (index < 0) return null;
    const fault = faults[index]! as T & { left?: number };
    if (fault.left !== undefined) {
      fault.left -= 1;
      if (fault.left <= 0) faults.splice(index, 1);
    }
    return fault;
  }
  return {
    add(input) {
      const fault = insurerFaultSchema.parse(input);
      const counted = 'count' in fault && fault.count !== undefined ? { left: fault.count } : {};
      faults.push({ ...fault, ...counted });
    },
    clear() {
      faults = [];
    },
    list: () =>
      faults.map(
        ({ left, ...f }) => ({ ...f, ...(left !== undefined ? { count: left } : {}) }) as InsurerFault,
      ),
    latency(name) {
      const fault = consume((f): f is FaultOf<'latencia'> => f.type === 'latencia' && applies(f, name));
      return fault?.ms ?? 0;
    },
    take(type, name) {
      return (
        consume(
          (f): f is InsurerFault => f.type === type && applies(f as { averbadora?: 'atm' | 'porto' }, name),
        ) !== null
      );
    },
    takeError: () => consume((f): f is FaultOf<'erro'> => f.type === 'erro'),
    takeEmpty: () => consume((f): f is FaultOf<'vazio'> => f.type === 'vazio') !== null,
    takePortoFailure: () => consume((f): f is FaultOf<'porto-falha'> => f.type === 'porto-falha') !== null,
    takeRefusal: (name, chave) =>
      consume(
        (f): f is FaultOf<'recusar'> =>
          f.type === 'recusar' && applies(f, name) && (f.chave === undefined || f.chave === chave),
      ),
    terminal: () => {
      const fault = faults.find((f): f is FaultOf<'terminal'> => f.type === 'terminal');
      return fault?.codigo ?? null;
    },
  };
}
