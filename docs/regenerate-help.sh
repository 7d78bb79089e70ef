#!/usr/bin/env bash
# Regenerates the --help texts quoted in docs/*.md from the pilot command itself, so that they never drift from the
# code: the lines between "<!-- generated: pilot CMD --help -->" and "<!-- end generated -->" are replaced by a
# fenced block of what "./pilot CMD --help" prints. Run from anywhere after changing a command's options.
set -euo pipefail
cd "$(dirname "$0")/.."
for page in docs/*.md; do
  grep -q '^<!-- generated: pilot .* --help -->$' "$page" || continue
  tmp="$(mktemp)"
  inside=0
  while IFS= read -r line || [ -n "$line" ]; do
    if [ "$inside" -eq 1 ]; then
      if [ "$line" = '<!-- end generated -->' ]; then
        printf '%s\n' "$line" >> "$tmp"
        inside=0
      fi
      continue
    fi
    printf '%s\n' "$line" >> "$tmp"
    if [[ "$line" =~ ^'<!-- generated: pilot '(.*)' --help -->'$ ]]; then
      read -ra args <<< "${BASH_REMATCH[1]}"
      { echo '```text'; ./pilot "${args[@]}" --help | sed 's/[[:space:]]*$//'; echo '```'; } >> "$tmp"
      inside=1
    fi
  done < "$page"
  if [ "$inside" -eq 1 ]; then
    echo "regenerate-help: $page: a generated block has no end marker" >&2
    rm -f "$tmp"
    exit 1
  fi
  cat "$tmp" > "$page"
  rm -f "$tmp"
done
