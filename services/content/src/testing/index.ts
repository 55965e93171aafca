/** Content's helpers for others' tests: media made the way members' devices make them. */
export { jpegWithExif, pngImage, recordedVideo, RECORDED_LOCATION, RECORDED_MODEL } from './media-files.js';
