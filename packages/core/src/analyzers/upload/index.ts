export {
  IMAGE_KINDS,
  MAX_IMAGE_PIXELS,
  MAX_UPLOAD_BYTES,
  UPLOAD_KINDS,
  describeKinds,
  sniffUpload,
} from "./sniff-upload.js";
export type { ImageKind, SniffedUpload, UploadKind } from "./sniff-upload.js";
export { checkPixelLimit, imageDimensions, inspectImage } from "./image-dimensions.js";
export type { ImageDimensions, InspectedImage } from "./image-dimensions.js";
