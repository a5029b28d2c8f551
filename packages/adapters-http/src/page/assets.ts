// The page's static files, served from the same origin so its policy can forbid every other: the style sheet, the
// small script that only improves the page (it works without it), the web app manifest with its share target, and
// the icons. Each is a string or bytes here so the package ships them inside dist/.
import { ICON_192_PNG_BASE64, ICON_512_PNG_BASE64 } from "./icon-png.js";

export const PAGE_ASSET_PATHS = {
  css: "/assets/page.css",
  js: "/assets/page.js",
  manifest: "/manifest.webmanifest",
  icon: "/assets/icon.svg",
  icon192: "/assets/icon-192.png",
  icon512: "/assets/icon-512.png",
} as const;

export const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#1f4fd1"/><path fill="#fff" d="M32 9 14 16v13c0 12 8 21 18 25 10-4 18-13 18-25V16z"/><path fill="#1f4fd1" d="m28.5 41-8-8 3.2-3.2 4.8 4.8 11.8-11.8 3.2 3.2z"/></svg>';

export const ICON_192_PNG = Buffer.from(ICON_192_PNG_BASE64, "base64");
export const ICON_512_PNG = Buffer.from(ICON_512_PNG_BASE64, "base64");

/** The manifest: installable, and a share target that posts shared text, links and files into the check flow. */
export function manifestJson(lang: "en" | "es"): string {
  return JSON.stringify({
    name: lang === "es" ? "scamverify: ¿es una estafa?" : "scamverify: is this a scam?",
    short_name: "scamverify",
    description:
      lang === "es"
        ? "Comprueba si un mensaje, un enlace, un número o una captura es una estafa."
        : "Check whether a message, link, number or screenshot is a scam.",
    id: "/",
    start_url: "/",
    scope: "/",
    display: "standalone",
    lang,
    background_color: "#f4f5f7",
    theme_color: "#1f4fd1",
    icons: [
      { src: PAGE_ASSET_PATHS.icon192, sizes: "192x192", type: "image/png", purpose: "any" },
      { src: PAGE_ASSET_PATHS.icon512, sizes: "512x512", type: "image/png", purpose: "any" },
      { src: PAGE_ASSET_PATHS.icon, sizes: "any", type: "image/svg+xml", purpose: "any" },
    ],
    share_target: {
      action: "/check",
      method: "POST",
      enctype: "multipart/form-data",
      params: {
        title: "title",
        text: "text",
        url: "url",
        files: [
          {
            name: "file",
            accept: ["image/*", "application/pdf", "message/rfc822", ".eml", "text/plain"],
          },
        ],
      },
    },
  });
}

export const PAGE_CSS = `
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:1rem/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f5f7;color:#1d2330}
a{color:#1b47b8}
a:hover{color:#12317f}
:focus-visible{outline:3px solid #1b47b8;outline-offset:2px}
button:focus-visible,input:focus-visible,textarea:focus-visible,select:focus-visible,summary:focus-visible{outline:3px solid #1b47b8;outline-offset:2px;box-shadow:0 0 0 5px #fff}
.skip{position:absolute;left:8px;top:-48px;background:#fff;padding:8px 12px;border-radius:8px;z-index:2}
.skip:focus{top:8px}
header.site{background:#fff;border-bottom:1px solid #dfe3ea}
header.site .bar{max-width:760px;margin:0 auto;padding:10px 16px;display:flex;justify-content:space-between;align-items:center;gap:12px;flex-wrap:wrap}
.brand{display:flex;align-items:center;gap:8px;font-weight:700;color:#1d2330;text-decoration:none;font-size:1.1rem}
.brand svg{width:28px;height:28px}
nav.lang{display:flex;gap:6px;align-items:center}
nav.lang form{margin:0}
.linkish{background:none;border:none;padding:4px 6px;font:inherit;color:#1b47b8;text-decoration:underline;cursor:pointer;min-height:44px}
nav.lang a,nav.lang .current{display:inline-block;padding:10px 8px;min-height:44px}
nav.lang .current{font-weight:700;color:#1d2330}
main{max-width:760px;margin:0 auto;padding:20px 16px 40px}
h1{font-size:1.75rem;line-height:1.25;margin:8px 0 10px}
h2{font-size:1.3rem;margin:0 0 10px}
h3{font-size:1.05rem;margin:18px 0 6px}
p{margin:0 0 12px}
.lead{font-size:1.05rem;color:#333b49}
.card{background:#fff;border-radius:12px;padding:20px;margin:16px 0;box-shadow:0 1px 4px rgba(0,0,0,.08)}
label{display:block;font-weight:600;margin:16px 0 4px}
.hint{color:#4b5565;font-size:.93rem;margin:0 0 6px}
textarea,input[type=text],select{width:100%;padding:10px 12px;border:2px solid #6b7480;border-radius:8px;font:inherit;background:#fff;color:#1d2330}
textarea{min-height:9.5rem;resize:vertical}
input[type=file]{font:inherit;max-width:100%;padding:8px 0}
details{margin-top:14px}
summary{cursor:pointer;font-weight:600;color:#1b47b8;padding:8px 0;min-height:44px}
.actions{display:flex;gap:12px;align-items:center;flex-wrap:wrap;margin-top:20px}
button,.button{font:inherit;font-weight:600;padding:11px 20px;min-height:44px;border-radius:8px;border:2px solid #1b47b8;background:#1b47b8;color:#fff;cursor:pointer;text-decoration:none;display:inline-block}
button.secondary,.button.secondary{background:#fff;color:#1b47b8}
button[disabled]{opacity:.7;cursor:progress}
.privacy{font-size:.93rem;color:#333b49;border-left:4px solid #6b7480;padding:4px 0 4px 12px;margin-top:18px}
.error-box{background:#fdecea;border:2px solid #b3261e;color:#1d2330;border-radius:10px;padding:12px 14px;margin:12px 0}
.error-box strong{color:#8c1d18}
.notice{background:#e8f5ec;border:2px solid #1c6b3a;border-radius:10px;padding:12px 14px;margin:12px 0}
.verdict{border-radius:12px;padding:18px 18px 14px;border:3px solid;border-left-width:12px;margin:12px 0 16px;background:#fff}
.verdict .head{display:flex;align-items:center;gap:14px}
.verdict svg{width:48px;height:48px;flex:0 0 auto}
.verdict h1{margin:0}
.verdict .summary{font-size:1.08rem;margin:10px 0 6px}
.verdict .meta{color:#333b49;font-size:.95rem;margin:0}
.v-scam{border-color:#b3261e;background:#fdecea}
.v-high_risk{border-color:#b54708;background:#fdf0e6}
.v-medium_risk{border-color:#8a6100;background:#fff7e0}
.v-low_risk{border-color:#1f5f99;background:#eaf4fb}
.v-safe{border-color:#1c6b3a;background:#e8f5ec}
.v-unsure{border-color:#4b5565;background:#eef0f3}
ul.reasons,ul.steps,ul.sources{padding-left:1.3rem;margin:0 0 8px}
ul.reasons li,ul.steps li,ul.sources li{margin:6px 0}
ul.reasons li{overflow-wrap:anywhere}
.favour li::marker{content:"+ "}
.muted{color:#4b5565;font-size:.93rem}
.evidence code,.subject code{overflow-wrap:anywhere;background:#eef0f3;padding:1px 5px;border-radius:4px;font-size:.92rem}
.row{display:flex;gap:10px;flex-wrap:wrap;align-items:flex-end}
.row select{width:auto;min-width:12rem;flex:1 1 12rem}
.row button{flex:0 0 auto}
.help form{margin:0 0 10px}
.share-link{display:flex;gap:10px;flex-wrap:wrap}
.share-link input{flex:1 1 16rem;min-width:0}
footer{max-width:760px;margin:0 auto;padding:0 16px 32px;color:#4b5565;font-size:.93rem}
.progress{display:none}
.busy .progress{display:inline-block}
@media (max-width:480px){h1{font-size:1.45rem}.card{padding:16px}.verdict svg{width:40px;height:40px}}
@media (prefers-reduced-motion:reduce){*{animation:none!important;transition:none!important;scroll-behavior:auto!important}}
@media (forced-colors:active){.verdict{border-color:CanvasText}}
`;

/**
 * The script: the page works without it. It says "Checking…" and stops double submits, takes a picture pasted from
 * the clipboard or dropped on the box as the file, and copies a share link.
 */
export const PAGE_JS = `(function(){
"use strict";
var form=document.getElementById("check-form");
if(form){
  var button=form.querySelector("button[type=submit]");
  form.addEventListener("submit",function(){
    if(button){button.disabled=true;var busy=button.getAttribute("data-busy");if(busy){button.textContent=busy;}}
    form.classList.add("busy");form.setAttribute("aria-busy","true");
  });
  var box=document.getElementById("content");var file=document.getElementById("file");
  var takeFile=function(f){
    if(!file||!f||typeof DataTransfer==="undefined")return false;
    var dt=new DataTransfer();dt.items.add(f);file.files=dt.files;
    var note=document.getElementById("file-note");if(note){note.textContent=f.name||"";}
    return true;
  };
  if(box){
    box.addEventListener("paste",function(e){
      var items=e.clipboardData&&e.clipboardData.files;
      if(items&&items.length>0&&takeFile(items[0])){e.preventDefault();}
    });
    box.addEventListener("dragover",function(e){e.preventDefault();});
    box.addEventListener("drop",function(e){
      var files=e.dataTransfer&&e.dataTransfer.files;
      if(files&&files.length>0&&takeFile(files[0])){e.preventDefault();}
    });
  }
}
var copy=document.getElementById("copy-share");
var link=document.getElementById("share-url");
if(copy&&link&&navigator.clipboard){
  copy.hidden=false;
  copy.addEventListener("click",function(){
    navigator.clipboard.writeText(link.value).then(function(){
      var s=document.getElementById("copy-status");if(s){s.textContent=copy.getAttribute("data-done")||"";}
    });
  });
}
})();
`;
