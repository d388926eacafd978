#!/usr/bin/env bash
# wire.d.ts: the TypeScript types of the JSON the engines write.
set -euo pipefail
cd "$(dirname "$0")/.."
test -f wire.d.ts
