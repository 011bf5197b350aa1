/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The subcommands of ndisload, one file each (cmd_NAME.c). Each takes the
 * argument vector starting at its own name and returns the exit status
 * (docs/cli.md lists them).
 */
#ifndef NDL_COMMANDS_H
#define NDL_COMMANDS_H

int cmd_install(int argc, char **argv);
int cmd_setup(int argc, char **argv);	/* cmd_setup.c: the setup assistant */
int cmd_list(int argc, char **argv);
int cmd_remove(int argc, char **argv);
int cmd_inspect(int argc, char **argv);
int cmd_devices(int argc, char **argv);
int cmd_bind(int argc, char **argv);
int cmd_unbind(int argc, char **argv);
int cmd_add_virtual(int argc, char **argv);	/* cmd_virtual.c */
int cmd_remove_virtual(int argc, char **argv);
int cmd_params(int argc, char **argv);
int cmd_compat(int argc, char **argv);
int cmd_doctor(int argc, char **argv);
int cmd_load(int argc, char **argv);
int cmd_status(int argc, char **argv);
int cmd_diag(int argc, char **argv);
int cmd_serve(int argc, char **argv);
int cmd_version(int argc, char **argv);
int cmd_log(int argc, char **argv);	/* cmd_log.c: the driver's log */
int cmd_wifi(int argc, char **argv);	/* cmd_wifi.c: wireless profiles */
int cmd_check(int argc, char **argv);	/* cmd_check.c, with the runtime */
int cmd_license(int argc, char **argv);	/* cmd_license.c, with licensing */

#endif
