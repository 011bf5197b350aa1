// SPDX-License-Identifier: GPL-2.0-only
/* temporary */
#include "commands.h"
int cmd_install(int argc, char **argv) { (void)argc; (void)argv; return 1; }
int cmd_list(int argc, char **argv) { (void)argc; (void)argv; return 1; }
int cmd_remove(int argc, char **argv) { (void)argc; (void)argv; return 1; }
int cmd_devices(int argc, char **argv) { (void)argc; (void)argv; return 1; }
int cmd_bind(int argc, char **argv) { (void)argc; (void)argv; return 1; }
int cmd_unbind(int argc, char **argv) { (void)argc; (void)argv; return 1; }
int cmd_params(int argc, char **argv) { (void)argc; (void)argv; return 1; }
int cmd_load(int argc, char **argv) { (void)argc; (void)argv; return 1; }
int cmd_status(int argc, char **argv) { (void)argc; (void)argv; return 1; }
int cmd_diag(int argc, char **argv) { (void)argc; (void)argv; return 1; }
int cmd_serve(int argc, char **argv) { (void)argc; (void)argv; return 1; }
int cmd_version(int argc, char **argv) { (void)argc; (void)argv; return 1; }
