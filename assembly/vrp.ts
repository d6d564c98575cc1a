// Entry of the planning kernels: private memory per worker. This file only re-exports.
export { abiVersion } from './common/abi';
