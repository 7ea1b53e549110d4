export * from './hurdat2';
export * from './classes';
export * from './track';
export * from './geometry';
export * from './contract';
export * from './term';
export * from './analytics';
export * from './backtest';
