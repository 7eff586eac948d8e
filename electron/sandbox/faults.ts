/**
 * Faults injected through the control API (`/_sandbox/faults`) to reproduce what the hosted
 * service and the tax authority do on bad days. HTTP-level faults (latency, error statuses,
 * dropped connections) are applied by the server itself; authority-level faults are flags the
 * document routes read with the `take…` methods, each call consuming one occurrence.
 */

export interface LatencyFault {
  type: 'latency';
  /** Path glob, `*` matches anything (including `/`), e.g. `/cte*`. */
  path: string;
  method?: string;
  ms: number;
  /** Number of requests affected; omitted = until reset. */
  count?: number;
}
export interface StatusFault {
  type: 'status';
  path: string;
  method?: string;
  status: 429 | 500 | 502 | 503 | 504;
  count: number;
}
/** The route runs and commits, then the socket is destroyed without an answer. */
export interface DropFault {
  type: 'drop';
  path: string;
  /** Defaults to POST. */
  method?: string;
  count: number;
}
/** The next `documents` documents stay `pendente` for `polls` consultations each. */
export interface PendingFault {
  type: 'pendente';
  polls: number;
  documents: number;
}
/** The authority rejects the next `count` documents. */
export interface RejectionFault {
  type: 'rejeicao';
  count: number;
  codigo_status: number;
  motivo_status: string;
}
/** The authority cancels a document (by id or chave) without the service knowing. */
export interface AuthorityCancelFault {
  type: 'cancelamento-autoridade';
  id: string;
  /** Defaults to the clock's time when the fault was injected. */
  at?: string;
}
export type Fault =
  LatencyFault | StatusFault | DropFault | PendingFault | RejectionFault | AuthorityCancelFault;

export interface AuthorityRejection {
  codigo_status: number;
  motivo_status: string;
}

export interface SandboxFaults {
  add(fault: Fault): void;
  clear(): void;
  list(): Fault[];
  /** Milliseconds to wait before handling this request (0 = none); consumes counted faults. */
  takeLatency(method: string, pathname: string): number;
  /** Status to answer instead of running the route, or null. */
  takeStatus(method: string, pathname: string): StatusFault['status'] | null;
  /** True when this request's connection must be dropped after the route commits. */
  takeDrop(method: string, pathname: string): boolean;
  /**
   * For a document being created: how many consultations it must stay `pendente` before its
   * final status (0 = decide at once). Consumes one document of the fault.
   */
  takePendingPolls(): number;
  /** For a document being sent to the authority: the rejection to apply, or null. */
  takeAuthorityRejection(): AuthorityRejection | null;
  /**
   * Whether the authority cancelled this document behind the service's back (checked on
   * consultation/synchronization with the document's id and chave). Not consumed: the
   * authority's state is permanent.
   */
  cancelledAtAuthority(...idsOrChaves: string[]): { at: string } | null;
}

export const DEFAULT_REJECTION: AuthorityRejection = {
  codigo_status: 999,
  motivo_status: 'Rejeição: Erro não catalogado',
};

function globToRegExp(glob: string): RegExp {
  const escaped = glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${escaped}$`);
}

export function createFaults(now: () => Date): SandboxFaults {
  let faults: Fault[] = [];
  const cancelled = new Map<string, string>();

  const matches = (
    f: { path: string; method?: string },
    method: string,
    pathname: string,
    defaultMethod?: string,
  ) => {
    const wanted = (f.method ?? defaultMethod)?.toUpperCase();
    return (!wanted || wanted === method.toUpperCase()) && globToRegExp(f.path).test(pathname);
  };
  /** Finds the first matching counted fault, consumes one use, and drops it when exhausted. */
  function take<T extends Fault>(predicate: (f: Fault) => f is T): T | undefined {
    const found = faults.find(predicate);
    if (!found) return undefined;
    if ('count' in found && typeof found.count === 'number') {
      found.count -= 1;
      if (found.count <= 0) faults = faults.filter((f) => f !== found);
    }
    return found;
  }

  return {
    add(fault) {
      if (fault.type === 'cancelamento-autoridade') {
        cancelled.set(fault.id, fault.at ?? now().toISOString());
        return;
      }
      faults.push({ ...fault });
    },
    clear() {
      faults = [];
      cancelled.clear();
    },
    list: () => [
      ...faults.map((f) => ({ ...f })),
      ...[...cancelled].map(([id, at]): Fault => ({ type: 'cancelamento-autoridade', id, at })),
    ],
    takeLatency(method, pathname) {
      const f = take((x): x is LatencyFault => x.type === 'latency' && matches(x, method, pathname));
      return f?.ms ?? 0;
    },
    takeStatus(method, pathname) {
      const f = take((x): x is StatusFault => x.type === 'status' && matches(x, method, pathname));
      return f?.status ?? null;
    },
    takeDrop(method, pathname) {
      return !!take((x): x is DropFault => x.type === 'drop' && matches(x, method, pathname, 'POST'));
    },
    takePendingPolls() {
      const f = faults.find((x): x is PendingFault => x.type === 'pendente');
      if (!f) return 0;
      f.documents -= 1;
      if (f.documents <= 0) faults = faults.filter((x) => x !== f);
      return f.polls;
    },
    takeAuthorityRejection() {
      const f = take((x): x is RejectionFault => x.type === 'rejeicao');
      return f ? { codigo_status: f.codigo_status, motivo_status: f.motivo_status } : null;
    },
    cancelledAtAuthority(...ids) {
      for (const id of ids) {
        const at = cancelled.get(id);
        if (at) return { at };
      }
      return null;
    },
  };
}
