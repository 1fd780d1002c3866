// 78 (EX_CONFIG): the configuration is wrong. The supervisor (server/supervise.js), the cluster's
// primary and systemd (RestartPreventExitStatus=78) do not restart it: restarting cannot fix it.
export const EX_CONFIG = 78
