// hls.js ships no types for its light build; it is the same API without subtitles, alternate audio and DRM
declare module 'hls.js/light' {
  export { default } from 'hls.js';
}
