export {
  createErasureRepository,
  type Erasure,
  type ErasureCounts,
  type ErasureRepository,
} from './erasure.repository';
export { createErasureService, type ErasureService } from './erasure.service';
