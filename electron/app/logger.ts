export interface Logger {
  info(message: string, ...rest: unknown[]): void;
  warn(message: string, ...rest: unknown[]): void;
  error(message: string, ...rest: unknown[]): void;
}

export const consoleLogger: Logger = {
  info: (message, ...rest) => console.info(`[carreta] ${message}`, ...rest),
  warn: (message, ...rest) => console.warn(`[carreta] ${message}`, ...rest),
  error: (message, ...rest) => console.error(`[carreta] ${message}`, ...rest),
};

export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };
