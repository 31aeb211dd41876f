# shellcheck shell=bash
# ops/lib.sh: shared shell functions for ops/run, ops/test and bench/run. Source it, don't run it.
#
# What is here: logging, a per-run tag that finds every process a script started (and only those),
# free ports, the CMake builds, the web build, a private PostgreSQL and a private Redis (start, wait,
# stop by their own data folder: never by name, other developers run their own instances on the
# same machine), and starting/stopping `jobhafen` processes.
#
# Callers set `set -euo pipefail` themselves. Every function is safe to call twice.

OPS_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OPS_NAME=${OPS_NAME:-$(basename "$0")}
OPS_JOBS=${OPS_JOBS:-2}
PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}

# A tag exported into the environment of everything this script starts. /proc/PID/environ keeps it,
# so at the end we can find exactly our own descendants (daemonised ones included) and nobody else's.
# Its name is unique per run, so a script started by another keeps its parent's tag beside its own.
OPS_RUN_TAG="OPS_RUN_TAG_$$_${RANDOM}_$(date +%s)"
export "$OPS_RUN_TAG=1"

# ---- logging ---------------------------------------------------------------------------------------

ops_log()  { printf '[%s %s] %s\n' "$OPS_NAME" "$(date +%H:%M:%S)" "$*" >&2; }
ops_warn() { printf '[%s %s] WARNING: %s\n' "$OPS_NAME" "$(date +%H:%M:%S)" "$*" >&2; }
ops_die()  { printf '[%s %s] ERROR: %s\n' "$OPS_NAME" "$(date +%H:%M:%S)" "$*" >&2; exit 1; }

# ops_tail FILE [LINES]: show the end of a log, for when something did not come up.
ops_tail() {
  [ -f "$1" ] || return 0
  echo "----- last ${2:-30} lines of $1 -----" >&2
  tail -n "${2:-30}" "$1" >&2 || true
  echo "-----" >&2
}

# Seconds since the epoch with milliseconds, and a difference of two such stamps as "12.3".
ops_now() { date +%s.%N; }
ops_elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

# ---- ports -----------------------------------------------------------------------------------------

# Any TCP socket on the port, not only a listening one: the preferred ports (55433, 56380) lie in
# Linux's ephemeral range, where an outgoing connection (another server's pool) may hold the port
# and a bind fails although nothing listens there. Except one in TIME-WAIT: every server we start
# binds with SO_REUSEADDR, which Linux lets past those, and a cluster started again within a
# minute of the last one's stop found its own old connections there ("port 18443 is taken").
ops_port_in_use() { ss -Htan exclude time-wait "sport = :$1" 2>/dev/null | grep -q .; }

# ops_free_port [PREFERRED]: PREFERRED when nothing listens there, else a free port in 20000..32000
# (below Linux's ephemeral range, so outgoing connections never take it between check and use).
ops_free_port() {
  local p=${1:-}
  if [ -n "$p" ] && ! ops_port_in_use "$p"; then echo "$p"; return; fi

  for _ in $(seq 1 200); do
    p=$((20000 + RANDOM % 12000))
    ops_port_in_use "$p" || { echo "$p"; return; }
  done
  ops_die "no free TCP port found"
}

# ops_wait_http URL SECONDS [PID]: until URL answers 2xx; gives up early when PID has died.
ops_wait_http() {
  local url=$1 secs=$2 pid=${3:-} deadline=$((SECONDS + $2))
  while [ "$SECONDS" -lt "$deadline" ]; do
    curl -fsS -o /dev/null --max-time 2 "$url" 2>/dev/null && return 0
    if [ -n "$pid" ] && ! kill -0 "$pid" 2>/dev/null; then return 1; fi
    sleep 0.2
  done
  return 1
}

# ---- building --------------------------------------------------------------------------------------

# ops_cmake_build DIR [CMAKE ARGS...]: configures DIR with Ninja when it has never been configured
# (or when the given -D values differ from its cache), then builds it incrementally with OPS_JOBS
# (every target, or OPS_BUILD_TARGETS).
ops_cmake_build() {
  local dir=$1; shift
  local need_configure=0 arg key val
  if [ ! -f "$OPS_ROOT/$dir/CMakeCache.txt" ]; then
    need_configure=1
  else
    for arg in "$@"; do
      case $arg in
        -D*=*)
          key=${arg#-D}; val=${key#*=}; key=${key%%=*}; key=${key%%:*}
          grep -q "^$key:[A-Z]*=$val\$" "$OPS_ROOT/$dir/CMakeCache.txt" || need_configure=1 ;;
      esac
    done
  fi
  if [ "$need_configure" = 1 ]; then
    local gen=()
    # Ninja for a new folder; an existing folder keeps the generator it was made with.
    [ -f "$OPS_ROOT/$dir/CMakeCache.txt" ] || gen=(-G Ninja)
    ops_log "configuring $dir: cmake ${gen[*]} $*"
    (cd "$OPS_ROOT" && cmake -S . -B "$dir" "${gen[@]}" "$@") || return 1
  fi
  ops_log "building $dir (-j$OPS_JOBS)"
  # One build at a time on the machine: builds of several checkouts side by side on 2 cores each
  # compile the same files cold and thrash; queued, the second one finds the first one's objects in
  # ccache. The lock is held only while compiling (flock on a file in /tmp, freed when we exit);
  # OPS_BUILD_LOCK names another lock file (a build that must not queue behind the others).
  # OPS_BUILD_TARGETS='a b': only these targets (and what they need).
  local targets=()
  # shellcheck disable=SC2206  # a list of target names
  [ -n "${OPS_BUILD_TARGETS:-}" ] && targets=(--target ${OPS_BUILD_TARGETS})
  (cd "$OPS_ROOT" && flock "${OPS_BUILD_LOCK:-/tmp/jobhafen-build.lock}" cmake --build "$dir" -j"$OPS_JOBS" "${targets[@]}")
}

# ccache, when installed (ops/setup installs it): paths are hashed relative to the checkout and the
# build folder's own path is left out, so a second checkout (a git worktree) of the same code hits the
# cache the first one filled. A fresh machine starts with an empty cache and builds everything.
if command -v ccache >/dev/null 2>&1; then
  export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$OPS_ROOT} CCACHE_NOHASHDIR=${CCACHE_NOHASHDIR:-1}
  export CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-12G}
fi

# The release build. Where people edit: one file at a time (an edit recompiles one file, not a batch
# of eight at -O2) with full debug information. Where it is made once, cold, and nobody debugs it
# (CI on a fresh clone; OPS_RELEASE_LEAN defaults to 1 when CI is set): unity batches and line
# tables only (-g1: backtraces keep functions, files and lines), about a third less compiler time
# (docs/running.md, "Time").
ops_build_release() {
  local unity=OFF debug=-g
  if [ "${OPS_RELEASE_LEAN:-${CI:+1}}" = 1 ]; then unity=ON debug=-g1; fi
  ops_cmake_build build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DJOBHAFEN_UNITY=$unity \
    "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 $debug -DNDEBUG"
}
# The sanitizer build, build-asan/: Debian's clang 14 with ASan + UBSan at -O1 with line tables, in
# unity batches (cmake/unity.cmake; nobody edits against this build), and the libFuzzer targets
# (JOBHAFEN_FUZZ): one build for the sanitizer tests and the fuzzing, where there were two that
# compiled every source again (docs/running.md, "Sixth pass"). Asserts stay on (no NDEBUG).
# ops_build_asan [TARGET...]: the whole build, or only these targets (ops/fuzz: fuzz_targets).
ops_build_asan() {
  local clangxx clang
  if ! clangxx=$(command -v clang++-14) || ! clang=$(command -v clang-14); then
    ops_warn "clang 14 is missing: run ops/setup"; return 1
  fi
  # A build-asan/ made by g++ (before this build moved to clang) cannot change its compiler in place.
  if [ -f "$OPS_ROOT/build-asan/CMakeCache.txt" ] \
     && ! grep -q "^CMAKE_CXX_COMPILER:[A-Z]*=$clangxx\$" "$OPS_ROOT/build-asan/CMakeCache.txt"; then
    ops_log "build-asan/ was made by another compiler: starting it afresh with clang 14"
    rm -rf "$OPS_ROOT/build-asan"
  fi
  OPS_BUILD_TARGETS="$*" ops_cmake_build build-asan -DCMAKE_CXX_COMPILER="$clangxx" -DCMAKE_C_COMPILER="$clang" \
    -DCMAKE_BUILD_TYPE=Debug "-DCMAKE_CXX_FLAGS_DEBUG=-O1 -gline-tables-only" "-DCMAKE_C_FLAGS_DEBUG=-O1 -gline-tables-only" \
    -DJOBHAFEN_SANITIZE=ON -DJOBHAFEN_FUZZ=ON -DJOBHAFEN_UNITY=ON
}

# ops_web_present: true when the front end exists. Its absence is said out loud by the callers.
ops_web_present() { [ -f "$OPS_ROOT/web/package.json" ]; }

# ops_web_build: builds web/dist when it is missing or older than any source file in web/ or the
# shipped content the build prerenders (workers/seed/content).
ops_web_build() {
  if ! ops_web_present; then
    ops_warn "web/package.json is missing: no front end to build (web/dist is not made)"
    return 0
  fi
  local web=$OPS_ROOT/web
  if [ -f "$web/dist/index.html" ] && [ -z "$(find "$web" \( -path "$web/node_modules" -o -path "$web/dist" \
       -o -path "$web/e2e" -o -name '*.test.*' \) -prune -o -type f -newer "$web/dist/index.html" -print -quit)" ] \
     && [ -z "$(find "$OPS_ROOT/workers/seed/content" -type f -newer "$web/dist/index.html" -print -quit 2>/dev/null)" ]; then
    ops_log "web/dist is up to date"
    return 0
  fi
  ops_log "building web/dist (npm run build)"
  (cd "$web" && npm run build --silent)
}

# ---- running as the postgres user -------------------------------------------------------------------

# initdb and postgres refuse to run as root: as root, run them as the `postgres` user.
ops_as_pg() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# ops_pg_dir_prepare DIR: makes DIR (and its parents) usable by the user that runs PostgreSQL.
ops_pg_dir_prepare() {
  local dir=$1
  mkdir -p "$dir"
  if [ "$(id -u)" -eq 0 ]; then
    chown postgres: "$dir"
    chmod 700 "$dir"
    # The postgres user must be able to walk down to DIR (mktemp -d makes 0700 folders).
    local d
    d=$(dirname "$dir")
    while [ "$d" != / ]; do
      if [ "$(stat -c %u "$d")" = 0 ] && [ $(( 0$(stat -c %a "$d") & 1 )) = 0 ]; then
        chmod o+x "$d" && ops_log "chmod o+x $d (so the postgres user can reach $dir)"
      fi
      d=$(dirname "$d")
    done
  fi
}

# ---- PostgreSQL ------------------------------------------------------------------------------------

# ops_pg_running DIR: the postmaster whose data folder is DIR is alive.
ops_pg_running() {
  [ -f "$1/postmaster.pid" ] && ops_as_pg "$PG_BIN/pg_ctl" -D "$1" status >/dev/null 2>&1
}

# ops_pg_start DIR PORT [POSTGRES -c OPTIONS...]: initdb DIR when empty, then start on 127.0.0.1:PORT
# (TCP only, no Unix socket) and wait until it accepts connections. The log is DIR/server.log.
ops_pg_start() {
  local dir=$1 port=$2; shift 2
  local t0; t0=$(ops_now)
  [ -x "$PG_BIN/pg_ctl" ] || ops_die "$PG_BIN/pg_ctl not found: run ops/setup"
  if [ ! -f "$dir/PG_VERSION" ]; then
    ops_pg_dir_prepare "$dir"
    ops_log "initdb $dir"
    ops_as_pg "$PG_BIN/initdb" -D "$dir" -U postgres -A trust -E UTF8 --locale=C.UTF-8 >"$dir.initdb.log" 2>&1 \
      || { ops_tail "$dir.initdb.log"; ops_die "initdb failed in $dir"; }
  fi
  if ops_pg_running "$dir"; then
    ops_die "a PostgreSQL already runs in $dir (stop it first)"
  fi
  if ops_port_in_use "$port"; then
    ops_die "port $port is taken: cannot start PostgreSQL there"
  fi
  local opts="-p $port -c listen_addresses=127.0.0.1 -c unix_socket_directories=''" o
  for o in "$@"; do opts+=" -c $o"; done
  ops_as_pg "$PG_BIN/pg_ctl" -D "$dir" -l "$dir/server.log" -o "$opts" -w -t 60 start >/dev/null \
    || { ops_tail "$dir/server.log"; ops_die "PostgreSQL did not start in $dir on port $port"; }

  for _ in $(seq 1 100); do
    "$PG_BIN/pg_isready" -q -h 127.0.0.1 -p "$port" && break
    sleep 0.1
  done
  "$PG_BIN/pg_isready" -q -h 127.0.0.1 -p "$port" || { ops_tail "$dir/server.log"; ops_die "PostgreSQL on $port is not ready"; }
  ops_log "PostgreSQL up on 127.0.0.1:$port ($dir, $(ops_elapsed "$t0" "$(ops_now)") s)"
}

# ops_pg_stop DIR: fast shutdown of the postmaster of DIR (immediate if fast hangs). Quiet if none.
ops_pg_stop() {
  local dir=$1
  ops_pg_running "$dir" || return 0
  ops_as_pg "$PG_BIN/pg_ctl" -D "$dir" -m fast -w -t 30 stop >/dev/null 2>&1 \
    || ops_as_pg "$PG_BIN/pg_ctl" -D "$dir" -m immediate -w -t 10 stop >/dev/null 2>&1 || true
  ops_log "PostgreSQL stopped ($dir)"
}

# ops_psql PORT DB SQL...: runs SQL as the postgres superuser over TCP.
ops_psql() {
  local port=$1 db=$2; shift 2
  psql -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$port" -U postgres -d "$db" "$@"
}

# ops_pg_create_db PORT NAME: creates database NAME unless it exists.
ops_pg_create_db() {
  local port=$1 name=$2
  if [ "$(ops_psql "$port" postgres -tAc "SELECT 1 FROM pg_database WHERE datname = '$name'")" != 1 ]; then
    ops_psql "$port" postgres -c "CREATE DATABASE \"$name\""
    ops_log "created database $name"
  fi
}

# ---- pgBackRest for the single-machine install -----------------------------------------------------------

# ops/run's PostgreSQL archives its WAL to a pgBackRest repository in var/backup/repo, and
# ops/backup takes and restores backups from it. The configuration is written here, the same way
# for both; pgBackRest reaches the server through the socket folder var/pg-socket (ops/run's
# PostgreSQL listens on TCP too, pgBackRest's local connection wants a socket).
OPS_BACKUP_STANZA=jobhafen

# ops_backup_conf VAR PG_DIR PORT: writes VAR/backup/pgbackrest.conf (and the folders it names) for
# the PostgreSQL of PG_DIR on PORT; prints the file's path.
ops_backup_conf() {
  local var=$1 pg_dir=$2 port=$3 conf=$1/backup/pgbackrest.conf
  mkdir -p "$var/backup/repo" "$var/backup/log" "$var/backup/lock" "$var/pg-socket"
  cat >"$conf" <<EOF
# Written by ops/lib.sh (ops_backup_conf) for ops/run and ops/backup; rewritten at each start.
[global]
repo1-path=$var/backup/repo
# Two full backups and the WAL they need; docs/operations.md says how to keep more.
repo1-retention-full=2
compress-type=lz4
start-fast=y
log-path=$var/backup/log
lock-path=$var/backup/lock
log-level-console=warn
archive-timeout=30

[$OPS_BACKUP_STANZA]
pg1-path=$pg_dir
pg1-port=$port
pg1-socket-path=$var/pg-socket
pg1-user=postgres
EOF
  if [ "$(id -u)" -eq 0 ]; then chown -R postgres: "$var/backup" "$var/pg-socket"; chmod 700 "$var/backup"; fi
  echo "$conf"
}

# ops_backup_pg_options CONF: the `-c` settings ops_pg_start gives PostgreSQL so it archives every
# WAL segment with pgBackRest (and opens the socket pgBackRest connects through).
ops_backup_pg_options() {
  local conf=$1
  echo "archive_mode=on"
  echo "archive_command='pgbackrest --config=$conf --stanza=$OPS_BACKUP_STANZA archive-push %p'"
  echo "unix_socket_directories='$(dirname "$(dirname "$conf")")/pg-socket'"
}

# ops_backrest CONF ARGS...: pgbackrest as the user that runs PostgreSQL.
ops_backrest() {
  local conf=$1; shift
  ops_as_pg pgbackrest --config="$conf" --stanza="$OPS_BACKUP_STANZA" "$@"
}

# ---- Redis -----------------------------------------------------------------------------------------

# ops_redis_start DIR PORT: a private Redis on 127.0.0.1:PORT, no persistence, pid/log in DIR.
ops_redis_start() {
  local dir=$1 port=$2
  local t0; t0=$(ops_now)
  mkdir -p "$dir"
  if ops_redis_running "$dir"; then ops_die "a Redis already runs from $dir (stop it first)"; fi
  if ops_port_in_use "$port"; then ops_die "port $port is taken: cannot start Redis there"; fi
  rm -f "$dir/redis.pid"
  redis-server --port "$port" --bind 127.0.0.1 --save '' --appendonly no --dir "$dir" \
    --daemonize yes --pidfile "$dir/redis.pid" --logfile "$dir/redis.log" >/dev/null

  for _ in $(seq 1 100); do
    [ "$(redis-cli -h 127.0.0.1 -p "$port" ping 2>/dev/null)" = PONG ] && break
    sleep 0.05
  done
  [ "$(redis-cli -h 127.0.0.1 -p "$port" ping 2>/dev/null)" = PONG ] || { ops_tail "$dir/redis.log"; ops_die "Redis did not start on $port"; }
  # The pid file is written just after the socket opens.
  for _ in $(seq 1 50); do [ -s "$dir/redis.pid" ] && break; sleep 0.02; done
  ops_log "Redis up on 127.0.0.1:$port ($dir, $(ops_elapsed "$t0" "$(ops_now)") s)"
}

# ops_redis_pid DIR: the pid from DIR/redis.pid when that process is a redis-server.
ops_redis_pid() {
  local pid
  pid=$(cat "$1/redis.pid" 2>/dev/null) || return 1
  [ -n "$pid" ] && tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q '^redis-server' && echo "$pid"
}
ops_redis_running() { ops_redis_pid "$1" >/dev/null; }

ops_redis_stop() {
  local dir=$1 pid
  pid=$(ops_redis_pid "$dir") || { rm -f "$dir/redis.pid"; return 0; }
  ops_stop_pid "$pid" 5
  rm -f "$dir/redis.pid"
  ops_log "Redis stopped ($dir)"
}

# ---- processes -------------------------------------------------------------------------------------

# ops_stop_pid PID [SECONDS]: SIGTERM, then SIGKILL when it is still there after SECONDS (default 10).
ops_stop_pid() {
  local pid=$1 secs=${2:-10}
  kill -0 "$pid" 2>/dev/null || return 0
  kill -TERM "$pid" 2>/dev/null || true
  for _ in $(seq 1 $((secs * 10))); do
    kill -0 "$pid" 2>/dev/null || return 0
    # A child of ours that exited is a zombie until waited for: that counts as gone.
    [ "$(awk '{print $3}' "/proc/$pid/stat" 2>/dev/null)" = Z ] && return 0
    sleep 0.1
  done
  ops_warn "pid $pid did not stop in ${secs}s: SIGKILL"
  kill -KILL "$pid" 2>/dev/null || true
}

# ops_tagged_pids [DIR]: every live process that carries this run's tag, or (with DIR) whose working
# folder is inside DIR (Redis and PostgreSQL rewrite their process title over their environment, but
# they run in their data folder). Never this shell.
ops_tagged_pids() {
  local dir=${1:-} pid candidates
  # Collected first, so that the grep, find and sort doing the search have ended before the check.
  candidates=$( {
    grep -lzxF "$OPS_RUN_TAG=1" /proc/[0-9]*/environ
    [ -z "$dir" ] || find /proc/[0-9]*/cwd -maxdepth 0 \( -lname "$dir" -o -lname "$dir/*" \)
  } 2>/dev/null | cut -d/ -f3 | sort -un) || true
  for pid in $candidates; do
    [ "$pid" = "$$" ] && continue
    # Zombies are dead already; a process that has just gone has no stat.
    case $(cut -d' ' -f3 "/proc/$pid/stat" 2>/dev/null) in ''|Z) continue;; esac
    echo "$pid"
  done
}

# ops_sweep [DIR]: the last resort at exit. Stops whatever this run started and is still running
# (a browser left by a failed test, a server a crashed test did not stop). SIGTERM, then SIGKILL.
ops_sweep() {
  local pids
  local p names="" live=""
  # A process that is just exiting has no name any more: leave it alone.
  for p in $(ops_tagged_pids "${1:-}"); do
    local comm
    comm=$(cat "/proc/$p/comm" 2>/dev/null) || continue
    names+=" $p($comm)"; live+=" $p"
  done
  pids=$live
  [ -n "${pids// /}" ] || return 0
  ops_log "stopping leftover processes:$names"
  # shellcheck disable=SC2086
  kill -TERM $pids 2>/dev/null || true
  for _ in $(seq 1 50); do
    pids=$(ops_tagged_pids "${1:-}")
    pids=${pids//$'\n'/ }
    [ -n "${pids// /}" ] || return 0
    sleep 0.1
  done
  ops_warn "SIGKILL to $pids"
  # shellcheck disable=SC2086
  kill -KILL $pids 2>/dev/null || true
}

# ---- jobhafen ------------------------------------------------------------------------------------

# ops_jobhafen_has SUBCOMMAND...: the binary knows this (e.g. `seed --help`, `worker --list`).
ops_jobhafen_has() { "$OPS_ROOT/build/jobhafen" "$@" >/dev/null 2>&1 </dev/null; }

# ops_worker_kinds: the kinds `jobhafen worker --list` prints (first word of each line).
ops_worker_kinds() {
  "$OPS_ROOT/build/jobhafen" worker --list 2>/dev/null </dev/null | awk 'NF && $1 ~ /^[a-z][a-z0-9_-]*$/ { print $1 }'
}
