#!/bin/sh
# Cancel every open order once any market deployer pool's margin ratio (margin used /
# equity) passes THRESHOLD. Run it from cron, or in a loop with a sleep.
# PERPDESK holds the command and its target flags, e.g. "perpdesk --url https://... --keystore k.json".
set -eu
PD="${PERPDESK:-perpdesk}"
THRESHOLD="${THRESHOLD:-0.5}"

high=$($PD account --json | jq --argjson t "$THRESHOLD" \
  '[.marketDeployers[] | select(.equity != "0") | (.marginUsed | tonumber) / (.equity | tonumber)] | any(. > $t)')
[ "$high" = true ] || exit 0

orders=$($PD orders --json)
$PD contracts --json |
  jq -r --argjson orders "$orders" '.contracts[] | select(.contractId as $id | $orders | any(.asset == $id)) | .name' |
  while read -r contract; do
    $PD cancel-all --contract "$contract" --yes >/dev/null
    echo "margin ratio above $THRESHOLD: cancelled every open order on $contract"
  done
