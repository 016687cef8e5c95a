#!/usr/bin/env bash
# Builds the container image and checks it as it runs, with podman (Docker runs the same image the
# same way): conversions through the API, the engine sandbox (a hostile document's canary, a
# container that may not mount /proc), non-root processes, a clean stop within the grace period and
# a restart on the same volume, web and worker as two containers against a PostgreSQL on this
# machine, concurrent migrations. Installs podman & co when missing; all traffic stays on 127.0.0.1.
# Prints "N passed, N failed" for its checks (also written to .data/test-results/image.json for the
# combined summary of .ci/run) and exits non-zero when any failed.
#
# `scripts/test-image.sh build` only builds the image (its tools, the base image, `podman build`) and
# records the outcome in .data/image-build/. .ci/run runs it at the lowest CPU priority beside the
# other tests, after scripts/setup.sh, so no two apt runs meet. The checks' run then counts that
# build, once, instead of building again.
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"
source scripts/ports.sh
IMAGE="${TRANSMUTE_IMAGE:-localhost/transmute:test}"
RUN_ID="transmute-test-$$"
WORK="$(mktemp -d)"
chmod 755 "$WORK" # the embedded PostgreSQL of check 5 runs as the postgres user
RESULTS="$ROOT/.data/test-results"
MODE="${1:-check}"
BUILT="$ROOT/.data/image-build"
GRACE=30
passed=0
failed=0
started=()
volumes=()

ok() { echo "  ok    $1"; passed=$((passed + 1)); }
bad() { echo "  FAIL  $1"; failed=$((failed + 1)); }
check() { # check <name> <command…>: passes when the command succeeds
  local name="$1"; shift
  if "$@"; then ok "$name"; else bad "$name"; fi
}
step() { echo; echo "=== image: $1"; }
free_port() { # the first port from $1 that nothing listens on
  local p="$1"
  while (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; do p=$((p + 1)); done
  echo "$p"
}

summary() {
  echo
  echo "image checks: $passed passed, $failed failed"
  mkdir -p "$RESULTS" && printf '{"passed":%d,"failed":%d}\n' "$passed" "$failed" >"$RESULTS/image.json"
}
cleanup() {
  local c
  for c in "${started[@]}"; do podman rm -f -t 0 "$c" >/dev/null 2>&1; done
  for c in "${volumes[@]}"; do podman volume rm -f "$c" >/dev/null 2>&1; done
  [ -n "${CANARY_PID:-}" ] && kill "$CANARY_PID" 2>/dev/null
  stop_database 2>/dev/null
  rm -rf "$WORK"
}
trap cleanup EXIT
give_up() { bad "$1"; summary; exit 1; }

# --- tools ---------------------------------------------------------------------------------------
step "tools"
# The build alone needs none of them, and runs while the tests use the same checkout.
if [ "$MODE" != build ]; then
  bash scripts/setup.sh >/dev/null || give_up "setup (scripts/setup.sh)"
  source scripts/node-env.sh
  source scripts/database.sh
  source scripts/build-if-needed.sh
  compile_scripts || give_up "compiling scripts"
fi
tools=(podman podman-compose runc mmdebstrap uidmap slirp4netns fuse-overlayfs)
missing=()
for p in "${tools[@]}"; do dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p"); done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing ${missing[*]}"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}") \
    >/dev/null || give_up "apt-get install ${missing[*]}"
fi
# crun (podman's default) cannot run here (cgroups in hybrid mode, RLIMIT_NOFILE): runc, and no
# default ulimits to raise.
if [ ! -f /etc/containers/containers.conf ]; then
  mkdir -p /etc/containers
  printf '[containers]\ndefault_ulimits = []\n\n[engine]\nruntime = "runc"\n' >/etc/containers/containers.conf
fi
# Without systemd, podman logs that it cannot schedule HEALTHCHECK timers on every run, stop and rm
# (the checks run it with `podman healthcheck run`): that noise goes to a file.
podman() { command podman --runtime runc "$@" 2>>"$WORK/podman.log"; }

# --- 1. build ------------------------------------------------------------------------------------
# build_image <log>: the base image when missing, then the image; prints the seconds `podman build` took.
build_image() {
  if ! podman image exists docker.io/library/debian:bookworm-slim; then
    echo "building debian:bookworm-slim from Debian's packages (mmdebstrap)" >>"$1"
    mmdebstrap --quiet --variant=minbase bookworm "$WORK/base.tar" >>"$1" 2>&1 &&
      podman import -q "$WORK/base.tar" docker.io/library/debian:bookworm-slim >/dev/null &&
      rm -f "$WORK/base.tar" || { echo "base image (mmdebstrap + podman import) failed" >>"$1"; return 1; }
  fi
  local secret=() t0
  # A network that inspects TLS (as here) needs its CA bundle while the build downloads Node and packages.
  [ -f /etc/ssl/certs/ca-certificates.crt ] && secret=(--secret id=ca_bundle,src=/etc/ssl/certs/ca-certificates.crt)
  t0=$(date +%s)
  # podman gives build steps 1024 open files, which `npm ci` runs out of (EMFILE); Docker gives more.
  # Its steps run in a CPU cgroup of their own, where nice does not reach: the lowest weight there
  # keeps a build beside the tests (.ci/run) to the CPU they leave; alone, it still gets every core.
  command podman --runtime runc build -q --format docker --ulimit nofile=16384:16384 --cpu-shares 2 --network host \
    "${secret[@]}" -t "$IMAGE" . >>"$1" 2>&1 || return 1
  echo $(($(date +%s) - t0))
}

step "1. build"
if [ "$MODE" = build ]; then
  rm -rf "$BUILT" && mkdir -p "$BUILT"
  seconds=$(build_image "$BUILT/build.log")
  echo "$? $seconds" >"$BUILT/status"
  exit 0
fi
if [ -f "$BUILT/status" ]; then
  read -r build_status seconds <"$BUILT/status"
  rm -f "$BUILT/status" # one build is counted once
  where="beside the tests"
  log="$BUILT/build.log"
else
  log="$WORK/build.log"
  seconds=$(build_image "$log")
  build_status=$?
  where="here"
fi
if [ "$build_status" = 0 ]; then
  ok "image built in $seconds s ($where)"
else
  tail -40 "$log"
  give_up "image build"
fi
size=$(podman image inspect -f '{{.Size}}' "$IMAGE")
echo "  image size: $((size / 1000000)) MB"

# --- helpers for the running service --------------------------------------------------------------
# run_container <name> <port> <volume> [podman options…] [-- role…]: starts it detached.
run_container() {
  local name="$1" port="$2" volume="$3"; shift 3
  local opts=() role=()
  while [ $# -gt 0 ] && [ "$1" != -- ]; do opts+=("$1"); shift; done
  [ "${1:-}" = -- ] && { shift; role=("$@"); }
  started+=("$name")
  [[ " ${volumes[*]} " == *" $volume "* ]] || volumes+=("$volume")
  podman run -d --name "$name" --network host -e PORT="$port" -v "$volume:/data" "${opts[@]}" "$IMAGE" "${role[@]}" >/dev/null
}
# Longer than the embedded PostgreSQL's own bound (scripts/database.sh: 120 s), so that a start
# which hangs is reported by the container itself.
START_WAIT=150
# wait_healthy <port> <seconds>: the health endpoint answers 200
wait_healthy() {
  local i
  for i in $(seq 1 "$2"); do
    curl -fsS -o /dev/null "http://127.0.0.1:$1/api/v1/health" 2>/dev/null && return 0
    sleep 1
  done
  return 1
}
# healthcheck_passes <container>: the image's HEALTHCHECK, run by podman, passes. Docker and podman
# call a container unhealthy after three failures in a row (its --retries), so it is run up to three
# times, a second apart; each failure is printed with what podman said.
healthcheck_passes() {
  local try out status
  for try in 1 2 3; do
    out=$(command podman --runtime runc healthcheck run "$1" 2>&1)
    status=$?
    [ "$status" = 0 ] && return 0
    echo "    podman healthcheck run, try $try: exit $status: ${out:-(nothing printed)}"
    sleep 1
  done
  return 1
}
# healthcheck_fails <container>: it fails, with nothing else gone wrong (exit 1, not podman's 125)
healthcheck_fails() {
  podman healthcheck run "$1" >/dev/null
  [ $? = 1 ]
}
# upload <port> <jar> <file> <field=value…>: starts a conversion, prints its id
upload() {
  local port="$1" jar="$2" file="$3" url="convert/upload"; shift 3
  local form=(-F "file=@$file")
  for f in "$@"; do
    if [ "$f" = ocr ]; then url="tools/ocr"; else form+=(-F "$f"); fi
  done
  curl -sS -c "$jar" -b "$jar" "${form[@]}" "http://127.0.0.1:$port/api/v1/$url" |
    node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{try{const j=JSON.parse(s);if(!j.id){console.error(s);process.exit(1)}console.log(j.id)}catch{console.error(s);process.exit(1)}})'
}
# finished <port> <jar> <id>: waits for a final status, prints it (and the error, if any)
finished() {
  local i out
  for i in $(seq 1 120); do
    out=$(curl -sS -b "$2" "http://127.0.0.1:$1/api/v1/convert/status/$3" |
      node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const j=JSON.parse(s);console.log(j.conversion?.status, j.error??"")})')
    case "$out" in completed* | failed* | cancelled*) echo "$out"; return 0 ;; esac
    sleep 1
  done
  echo "timeout"
}
download() { curl -fsS -b "$2" -o "$4" "http://127.0.0.1:$1/api/v1/convert/download/$3"; }
starts_with_hex() { [ "$(head -c "$((${#2} / 2))" "$1" | od -An -tx1 -v | tr -d ' \n')" = "$2" ]; }
# converts_to <port> <jar> <input> <check> <fields…>: converts, downloads to $WORK/out.<id>, runs <check> on it
converts_to() {
  local port="$1" jar="$2" input="$3" verify="$4" id status; shift 4
  id=$(upload "$port" "$jar" "$input" "$@") || return 1
  status=$(finished "$port" "$jar" "$id")
  [ "$status" = "completed " ] || { echo "    $input: $status"; return 1; }
  download "$port" "$jar" "$id" "$WORK/out.$id" && $verify "$WORK/out.$id" && LAST_ID="$id"
}
is_webp() { starts_with_hex "$1" 52494646 && [ "$(dd if="$1" bs=1 skip=8 count=4 2>/dev/null)" = WEBP ]; }
is_pdf() { starts_with_hex "$1" 25504446; }
is_webm() { starts_with_hex "$1" 1a45dfa3 && grep -q webm "$1"; }
has_ocr_text() { grep -q 'TRANSMUTE' "$1"; }

# --- samples (made here with the machine's engines) ------------------------------------------------
echo '# Hello from the container' | pandoc -o "$WORK/sample.docx" &&
  ffmpeg -loglevel error -y -f lavfi -i testsrc=duration=1:size=160x120:rate=10 -pix_fmt yuv420p "$WORK/sample.mp4" &&
  ffmpeg -loglevel error -y -f lavfi -i testsrc=duration=120:size=640x360:rate=25 -pix_fmt yuv420p "$WORK/long.mp4" &&
  convert -size 64x64 gradient:red-blue "$WORK/sample.png" &&
  convert -size 900x200 xc:white -font DejaVu-Sans -pointsize 56 -fill black -annotate +30+120 'TRANSMUTE OCR' "$WORK/scan.png" ||
  give_up "making the samples"
# A canary on loopback that counts requests, and a DOCX whose picture is linked to it.
CANARY_PORT=$(free_port $((IMAGE_TEST_PORT + 50)))
node -e 'require("http").createServer((q,r)=>{console.log("HIT",q.url);r.end("x")}).listen(+process.argv[1],"127.0.0.1")' \
  "$CANARY_PORT" >"$WORK/canary.log" 2>&1 &
CANARY_PID=$!
node_modules/.bin/tsx -e "
  import { docx, linkedPicture, paragraph } from './tests/fixtures/hostile-documents.ts';
  process.stdout.write(docx(paragraph('hostile') + linkedPicture('rId9'),
    [{ id: 'rId9', type: 'image', target: 'http://127.0.0.1:$CANARY_PORT/canary.png', external: true }]));
" >"$WORK/hostile.docx" || give_up "making the hostile document"

# --- 2. start: conversions, hostile document, health check ---------------------------------------
step "2. transmute-server start"
PORT1=$(free_port "$IMAGE_TEST_PORT")
VOL="$RUN_ID-data"
JAR="$WORK/jar"
t0=$(date +%s)
run_container "$RUN_ID-a" "$PORT1" "$VOL" --security-opt systempaths=unconfined --stop-timeout "$GRACE" ||
  give_up "podman run"
if wait_healthy "$PORT1" "$START_WAIT"; then
  ok "healthy $(($(date +%s) - t0)) s after start (embedded PostgreSQL initialised, migrations applied)"
else
  command podman logs "$RUN_ID-a" 2>&1 | tail -30
  give_up "the service did not become healthy"
fi
check "HEALTHCHECK of the image passes (podman healthcheck run)" healthcheck_passes "$RUN_ID-a"
check "PNG → WebP" converts_to "$PORT1" "$JAR" "$WORK/sample.png" is_webp target_format=webp
WEBP_ID="$LAST_ID"
cp "$WORK/out.$WEBP_ID" "$WORK/first.webp" 2>/dev/null
check "DOCX → PDF" converts_to "$PORT1" "$JAR" "$WORK/sample.docx" is_pdf target_format=pdf
check "MP4 → WebM" converts_to "$PORT1" "$JAR" "$WORK/sample.mp4" is_webm target_format=webm
ffmpeg_waiting() {
  local n=0
  # Started as the run ends; sandbox set-up and exec take a few milliseconds.
  for _ in $(seq 1 20); do
    n=$(podman exec "$RUN_ID-a" sh -c 'grep -lx ffmpeg /proc/[0-9]*/comm 2>/dev/null | wc -l')
    [ "$n" -ge 1 ] && break
    sleep 0.25
  done
  echo "    ffmpeg processes: $n"
  [ "$n" -ge 1 ]
}
check "an ffmpeg started ahead waits for the next run (lib/engines/sandbox/standby.ts)" ffmpeg_waiting
check "MP4 → WebM in it" converts_to "$PORT1" "$JAR" "$WORK/sample.mp4" is_webm target_format=webm
check "OCR of a scan" converts_to "$PORT1" "$JAR" "$WORK/scan.png" has_ocr_text ocr output=txt
hostile() {
  local id status
  # Refused at upload (400) or converted: either way the canary must not hear from it.
  if id=$(upload "$PORT1" "$JAR" "$WORK/hostile.docx" target_format=pdf 2>/dev/null); then
    status=$(finished "$PORT1" "$JAR" "$id")
    echo "    hostile document: $status"
  else
    echo "    hostile document: refused at upload"
  fi
  sleep 1
  ! grep -q HIT "$WORK/canary.log"
}
check "hostile document (picture linked to a loopback canary): zero canary hits" hostile
check "admin: set-plan through docker exec" bash -c "
  curl -fsS -o /dev/null -H 'Content-Type: application/json' -d '{\"email\":\"image-$$@example.com\",\"password\":\"correct horse battery staple\"}' \
    http://127.0.0.1:$PORT1/api/v1/auth/register &&
  podman exec $RUN_ID-a transmute-server admin set-plan image-$$@example.com pro | grep -q 'free → pro'"

# --- 3. non-root ---------------------------------------------------------------------------------
step "3. processes"
not_root() {
  # Every process of the container, the engines' sandboxes included (the warm pools run now).
  local uids
  uids=$(podman exec "$RUN_ID-a" sh -c 'for f in /proc/[0-9]*/status; do awk "/^Uid:/ {print \$2, \$3}" "$f"; done' 2>/dev/null)
  echo "    $(echo "$uids" | wc -l) processes, uids: $(echo "$uids" | tr ' ' '\n' | sort -u | tr '\n' ' ')"
  [ -n "$uids" ] && ! echo "$uids" | tr ' ' '\n' | grep -qx 0
}
check "no process of the container runs as root" not_root
node_can_trim_its_heap() {
  # What an idle process calls (lib/runtime/malloc-trim.ts): koffi's prebuilt binding, in the image's
  # node_modules, finds the C library's malloc_trim.
  podman exec "$RUN_ID-a" node -e "require('koffi').load('libc.so.6').func('int malloc_trim(size_t)')(0)"
}
check "an idle Node process can give its free heap back (malloc_trim through koffi)" node_can_trim_its_heap

# --- 4. stop within the grace period, restart on the same volume ---------------------------------
step "4. stop and restart"
# A conversion still running at the stop either finishes within the grace period or goes back to
# the queue; after the restart it completes either way.
INFLIGHT_ID=$(upload "$PORT1" "$JAR" "$WORK/long.mp4" target_format=webm)
for _ in $(seq 1 30); do
  curl -sS -b "$JAR" "http://127.0.0.1:$PORT1/api/v1/convert/status/$INFLIGHT_ID" | grep -q '"processing"' && break
  sleep 0.5
done
t0=$(date +%s)
podman stop -t "$GRACE" "$RUN_ID-a" >/dev/null
took=$(($(date +%s) - t0))
code=$(podman inspect -f '{{.State.ExitCode}}' "$RUN_ID-a")
check "podman stop: exited by itself in $took s (grace $GRACE s), status $code" test "$code" = 0 -a "$took" -lt "$GRACE"
podman rm "$RUN_ID-a" >/dev/null
run_container "$RUN_ID-b" "$PORT1" "$VOL" --security-opt systempaths=unconfined --stop-timeout "$GRACE"
t0=$(date +%s)
if wait_healthy "$PORT1" "$START_WAIT"; then
  ok "restarted on the same volume, healthy after $(($(date +%s) - t0)) s"
  check "the earlier result downloads again, unchanged" bash -c \
    "curl -fsS -b '$JAR' -o '$WORK/again.webp' http://127.0.0.1:$PORT1/api/v1/convert/download/$WEBP_ID && cmp -s '$WORK/first.webp' '$WORK/again.webp'"
  inflight_completes() {
    local status
    status=$(finished "$PORT1" "$JAR" "$INFLIGHT_ID")
    echo "    conversion running at the stop: $status"
    [ "$status" = "completed " ] && download "$PORT1" "$JAR" "$INFLIGHT_ID" "$WORK/inflight.webm" && is_webm "$WORK/inflight.webm"
  }
  check "the conversion running at the stop completes after the restart" inflight_completes
else
  echo "    container: $(podman inspect -f '{{.State.Status}}, exit code {{.State.ExitCode}}' "$RUN_ID-b")"
  command podman logs "$RUN_ID-b" 2>&1 | tail -30
  echo "    its embedded PostgreSQL's log (/data/pg.log):"
  tail -30 "$(podman volume inspect -f '{{.Mountpoint}}' "$VOL")/pg.log"
  bad "restart on the same volume"
fi
podman rm -f -t "$GRACE" "$RUN_ID-b" >/dev/null

# --- sandbox refused: a container that cannot mount a fresh /proc ---------------------------------
step "engine sandbox without systempaths=unconfined"
PORT2=$(free_port $((PORT1 + 1)))
run_container "$RUN_ID-c" "$PORT2" "$RUN_ID-nosandbox"
sleep 2
for _ in $(seq 1 60); do curl -s -o /dev/null "http://127.0.0.1:$PORT2/api/v1/health" && break; sleep 1; done
unavailable_naming_sandbox() { [[ "$1" == *sandbox* && "$1" == *' 503' ]]; }
health=$(curl -s -w ' %{http_code}' "http://127.0.0.1:$PORT2/api/v1/health")
echo "    health: $health"
check "health answers 503 and names the sandbox" unavailable_naming_sandbox "$health"
upload=$(curl -s -w ' %{http_code}' -F "file=@$WORK/sample.png" -F target_format=webp "http://127.0.0.1:$PORT2/api/v1/convert/upload")
echo "    upload: $upload"
check "an upload answers 503 with the reason" unavailable_naming_sandbox "$upload"
check "its HEALTHCHECK fails" healthcheck_fails "$RUN_ID-c"
check "the log says what to change" bash -c "command podman logs $RUN_ID-c 2>&1 | grep -q 'systempaths=unconfined'"
podman rm -f -t 0 "$RUN_ID-c" >/dev/null

# --- 5. web and worker as two containers against this machine's PostgreSQL ------------------------
step "5. web + worker containers, PostgreSQL on the machine"
unset DATABASE_URL
DATA_DIR="$WORK/pg-data" ensure_database "$WORK/pg" "$IMAGE_TEST_DB_PORT" >"$WORK/db.log" 2>&1 || {
  cat "$WORK/db.log"
  give_up "PostgreSQL on the machine"
}
PORT3=$(free_port $((PORT2 + 1)))
SHARED="$RUN_ID-shared"
secret_env=(-e "DATABASE_URL=$DATABASE_URL" -e "APP_SECRET=$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')")
# Two replicas migrating at once: the advisory lock makes the second wait, then find nothing to do.
psql_reset() { node -e '
  const { Client } = require("pg"); const c = new Client(process.argv[1]);
  c.connect().then(() => c.query("DROP SCHEMA public CASCADE; CREATE SCHEMA public")).then(() => c.end(), (e) => { console.error(e.message); process.exit(1) })' "$DATABASE_URL"; }
psql_reset || give_up "emptying the database for the migration check"
migrate_twice() {
  local m1 m2 s1 s2
  podman run --rm --network host "${secret_env[@]}" "$IMAGE" migrate >"$WORK/m1.log" 2>&1 &
  m1=$!
  podman run --rm --network host "${secret_env[@]}" "$IMAGE" migrate >"$WORK/m2.log" 2>&1 &
  m2=$!
  wait $m1; s1=$?
  wait $m2; s2=$?
  [ "$s1" = 0 ] && [ "$s2" = 0 ] && return 0
  tail -5 "$WORK/m1.log" "$WORK/m2.log"
  return 1
}
check "two concurrent \`migrate\` containers both succeed" migrate_twice
names_app_secret() {
  local out
  out=$(command podman --runtime runc run --rm --network host -e "DATABASE_URL=$DATABASE_URL" "$IMAGE" web 2>&1)
  [ $? = 2 ] && [[ "$out" == *APP_SECRET* ]]
}
check "\`web\` on a shared database without APP_SECRET stops, naming it" names_app_secret
run_container "$RUN_ID-web" "$PORT3" "$SHARED" --security-opt systempaths=unconfined "${secret_env[@]}" -- web
run_container "$RUN_ID-worker" "$PORT3" "$SHARED" --security-opt systempaths=unconfined "${secret_env[@]}" -- worker
if wait_healthy "$PORT3" 90; then
  check "PNG → WebP through the web container, run by the worker container" \
    converts_to "$PORT3" "$WORK/jar2" "$WORK/sample.png" is_webp target_format=webp
  check "the worker container's HEALTHCHECK passes" healthcheck_passes "$RUN_ID-worker"
else
  command podman logs "$RUN_ID-web" 2>&1 | tail -20
  bad "web container healthy"
fi

# --- compose.yaml -----------------------------------------------------------------------------------
step "compose.yaml"
COMPOSE_ENV=(PUBLIC_URL=http://localhost:3000 POSTGRES_PASSWORD=check S3_SECRET_ACCESS_KEY=check
  APP_SECRET=compose-check-secret-of-32-characters)
# Debian 12's podman-compose (1.0.3) has no `config`. Its dry run resolves the file as `up` would
# (anchors, interpolation) and prints the podman commands instead of running them (it does create
# the project's network and volumes, removed after): each Transmute role comes out with its command
# and every variable interpolated.
compose_resolves() {
  local project="$RUN_ID-compose" out status name line
  out=$(env "${COMPOSE_ENV[@]}" podman-compose --dry-run -p "$project" -f compose.yaml up --no-build 2>&1)
  status=$?
  podman volume ls -q --filter "label=io.podman.compose.project=$project" | xargs -r podman volume rm -f >/dev/null 2>&1
  podman network rm -f "${project}_default" >/dev/null 2>&1
  [ "$status" = 0 ] || { echo "$out" | tail -5; return 1; }
  for name in postgres s3 migrate web worker; do
    line=$(grep "^podman create --name=${project}_${name}_1 " <<<"$out") || { echo "  no $name container"; return 1; }
    case "$name" in
      migrate | web | worker)
        [[ "$line" == *" $name" && "$line" == *"-e APP_SECRET=compose-check-secret-of-32-characters "* ]] ||
          { echo "  $name: $line"; return 1; } ;;
    esac
    [[ "$line" != *'${'* ]] || { echo "  $name left a variable uninterpolated: $line"; return 1; }
  done
}
check "compose.yaml resolves into web, worker, migrate, PostgreSQL and S3 (podman-compose 1.0.3 --dry-run)" compose_resolves
# `podman-compose config` from a newer podman-compose: PyPI is not reachable here, but Debian 13's
# package (1.3) is, through an apt configuration of this run's own (the machine's sources stay as
# they are); unpacked, not installed. It renders the file, which must have every variable
# interpolated and each Transmute role with its command and APP_SECRET.
compose_config() {
  local apt="$WORK/apt" out
  local opts=(-o "Dir::Etc::sourcelist=$apt/sources.list" -o Dir::Etc::sourceparts=- -o "Dir::State::Lists=$apt/lists"
    -o "Dir::Cache=$apt/cache" -o Debug::NoLocking=1)
  mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial"
  echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian trixie main" >"$apt/sources.list"
  { apt-get "${opts[@]}" -qq update && (cd "$apt" && apt-get "${opts[@]}" -qq download podman-compose) &&
    dpkg-deb -x "$apt"/podman-compose_*_all.deb "$apt/root"; } >"$apt/log" 2>&1 ||
    { tail -3 "$apt/log"; echo "  fetching Debian 13's podman-compose failed"; return 1; }
  out=$(env "${COMPOSE_ENV[@]}" PYTHONPATH="$apt/root/usr/lib/python3/dist-packages" \
    python3 -c 'import sys, podman_compose; sys.argv[0] = "podman-compose"; podman_compose.main()' \
    -f compose.yaml config 2>&1) || { echo "$out" | tail -5; return 1; }
  python3 -c '
import sys, yaml
services = yaml.safe_load(sys.stdin)["services"]
for role in ("migrate", "web", "worker"):
    s = services[role]
    assert s["command"] in (role, [role]), (role, s["command"])
    assert s["environment"]["APP_SECRET"] == "compose-check-secret-of-32-characters", role
assert "postgres" in services and "s3" in services
' <<<"$out" || return 1
  [[ "$out" != *'${'* ]] || { grep -n '\${' <<<"$out"; return 1; }
}
check "podman-compose config (1.3, Debian 13's) renders compose.yaml with every variable interpolated" compose_config
# dclint checks the file against the Compose Specification's schema (and its errors-level rules:
# pinned tags, bound interfaces).
check "compose.yaml follows the Compose Specification (dclint)" npx --yes dclint@3.1.0 -q compose.yaml

# --- 6. size -------------------------------------------------------------------------------------
step "6. image size"
echo "  $IMAGE: $((size / 1000000)) MB"
summary
[ "$failed" = 0 ]
