#!/usr/bin/env bash
# A real single-host Slurm cluster for the tests, sourced: slurm_up DIR starts munged, a
# slurmctld and two slurmd (emulated nodes n1 and n2, one CPU each) with every file, port and
# socket under DIR; slurm_down stops exactly the daemons it started, by pid. Debian 12's
# slurm-wlm 22.05 and munge, run as root: SlurmUser=root, no cgroups or systemd
# (proctrack/linuxproc, task/none). Clients find the cluster through SLURM_CONF. Every
# directory above DIR must be searchable by the munge user (mktemp -d gives 0700).

slurm_pids=()

slurm_free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

slurm_up() {
  local dir="$1"
  for d in munged slurmctld slurmd sbatch squeue scontrol; do
    command -v "$d" > /dev/null || PATH="$PATH:/usr/sbin"
    command -v "$d" > /dev/null || { echo "slurm_up: $d not installed (tools/install-deps.sh installs slurm-wlm and munge)"; return 1; }
  done
  [ "$(id -u)" -eq 0 ] || { echo "slurm_up: the test cluster runs its daemons as root (SlurmUser=root)"; return 1; }
  mkdir -p "$dir/munge" "$dir/state" "$dir/log" "$dir/spool"
  chmod 0755 "$dir" "$dir/munge"  # munged refuses a socket directory that is not 0755
  dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none
  chown -R munge:munge "$dir/munge"
  chmod 0400 "$dir/munge/munge.key"
  runuser -u munge -- munged --key-file="$dir/munge/munge.key" --socket="$dir/munge/munge.socket" \
    --pid-file="$dir/munge/munged.pid" --log-file="$dir/munge/munged.log" --seed-file="$dir/munge/munge.seed" ||
    { echo "slurm_up: munged did not start"; cat "$dir/munge/munged.log"; return 1; }
  slurm_pids+=("$(cat "$dir/munge/munged.pid")")
  local ctld_port n1_port n2_port
  ctld_port=$(slurm_free_port); n1_port=$(slurm_free_port); n2_port=$(slurm_free_port)
  cat > "$dir/slurm.conf" <<EOF
ClusterName=ssdtwintest
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/munge.socket
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool/%n
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd-%n.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd-%n.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerParameters=batch_sched_delay=0,sched_min_interval=0
SlurmdParameters=config_overrides
MpiDefault=none
ReturnToService=2
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MaxArraySize=10001
NodeName=n1 NodeHostname=$(hostname) NodeAddr=127.0.0.1 Port=$n1_port CPUs=1 RealMemory=4096 State=UNKNOWN
NodeName=n2 NodeHostname=$(hostname) NodeAddr=127.0.0.1 Port=$n2_port CPUs=1 RealMemory=4096 State=UNKNOWN
PartitionName=test Nodes=n1,n2 Default=YES MaxTime=INFINITE State=UP
EOF
  export SLURM_CONF="$dir/slurm.conf"
  slurmctld -f "$SLURM_CONF" || { echo "slurm_up: slurmctld did not start"; cat "$dir/log/slurmctld.log"; return 1; }
  for _ in $(seq 50); do [ -s "$dir/slurmctld.pid" ] && break; sleep 0.1; done
  slurm_pids+=("$(cat "$dir/slurmctld.pid")")
  for n in n1 n2; do
    slurmd -f "$SLURM_CONF" -N "$n" || { echo "slurm_up: slurmd $n did not start"; cat "$dir/log/slurmd-$n.log"; return 1; }
    for _ in $(seq 50); do [ -s "$dir/slurmd-$n.pid" ] && break; sleep 0.1; done
    slurm_pids+=("$(cat "$dir/slurmd-$n.pid")")
  done
  for _ in $(seq 100); do  # both nodes idle
    [ "$(sinfo -h -N -o '%t' 2> /dev/null | grep -c idle)" -eq 2 ] && return 0
    sleep 0.2
  done
  echo "slurm_up: the nodes never became idle"; sinfo -N; tail -20 "$dir/log/slurmctld.log"; return 1
}

slurm_down() {
  local p
  for p in "${slurm_pids[@]}"; do kill "$p" 2> /dev/null || true; done
  for _ in $(seq 50); do
    local alive=0
    for p in "${slurm_pids[@]}"; do kill -0 "$p" 2> /dev/null && alive=1; done
    [ "$alive" -eq 0 ] && break
    sleep 0.1
  done
  for p in "${slurm_pids[@]}"; do kill -9 "$p" 2> /dev/null || true; done
  slurm_pids=()
}
