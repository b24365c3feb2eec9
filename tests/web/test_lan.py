"""`deaddrop serve --lan` and `--host 0.0.0.0`: this machine's local-network address comes from
the routing table (the default route's interface), not from the host name; the links name it,
the server answers to it; --lan and --host together, or no network, are one line and exit 2."""

from __future__ import annotations

import http.client
import ipaddress
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from assistant import table as core
from deaddrop.commands import serve as serve_command
from deaddrop.commands.serve import lan_address, route_interfaces
from tests.web.conftest import CLI, cli, table_code
from tests.web.test_serve_command import lines_until, stop

HEADER = (
    "Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT"
    "                                                       \n"
)


def routes(*lines: str) -> str:
    return HEADER + "".join(line + "\n" for line in lines)


# what Linux writes: a home network (gateway 192.168.1.1 on wlan0, the LAN 192.168.1.0/24)
WLAN_DEFAULT = "wlan0\t00000000\t0101A8C0\t0003\t0\t0\t600\t00000000\t0\t0\t0"
WLAN_LAN = "wlan0\t0001A8C0\t00000000\t0001\t0\t0\t600\t00FFFFFF\t0\t0\t0"
ETH_DEFAULT = "eth0\t00000000\t0100000A\t0003\t0\t0\t100\t00000000\t0\t0\t0"  # 10.0.0.1
ETH_LAN = "eth0\t0000000A\t00000000\t0001\t0\t0\t100\t00FFFFFF\t0\t0\t0"
DOCKER = "docker0\t000011AC\t00000000\t0001\t0\t0\t0\t0000FFFF\t0\t0\t0"  # 172.17.0.0/16


def test_the_default_route_s_interface_comes_first():
    assert route_interfaces(routes(WLAN_DEFAULT, WLAN_LAN)) == [("wlan0", "192.168.1.1")]
    assert route_interfaces(routes(DOCKER, WLAN_LAN, WLAN_DEFAULT)) == [
        ("wlan0", "192.168.1.1"),
        ("docker0", "0.0.0.0"),
    ]


def test_several_default_routes_lowest_metric_first():
    table = routes(WLAN_DEFAULT, WLAN_LAN, ETH_DEFAULT, ETH_LAN)  # wired 100, wireless 600
    assert route_interfaces(table) == [("eth0", "10.0.0.1"), ("wlan0", "192.168.1.1")]
    same = ETH_DEFAULT.replace("\t100\t", "\t600\t")
    assert route_interfaces(routes(WLAN_DEFAULT, same)) == [
        ("wlan0", "192.168.1.1"),  # equal metrics: in the table's order
        ("eth0", "10.0.0.1"),
    ]


def test_no_default_route():
    assert route_interfaces(routes(WLAN_LAN, DOCKER)) == [
        ("wlan0", "0.0.0.0"),
        ("docker0", "0.0.0.0"),
    ]
    assert route_interfaces(routes()) == []
    assert route_interfaces("") == []
    loopback_only = "lo\t0000007F\t00000000\t0001\t0\t0\t0\t000000FF\t0\t0\t0"
    assert route_interfaces(routes(loopback_only)) == []


def test_routes_down_and_lines_that_are_not_routes_are_left_out():
    down = WLAN_DEFAULT.replace("\t0003\t", "\t0002\t")  # RTF_UP not set
    assert route_interfaces(routes(down, ETH_LAN)) == [("eth0", "0.0.0.0")]
    garbage = ["", "eth1", "eth1\tzz\t00000000\t0003\t0\t0\t0\t00000000", "x " * 20]
    assert route_interfaces(routes(*garbage, ETH_DEFAULT)) == [("eth0", "10.0.0.1")]


def test_no_route_but_loopback_is_no_address(tmp_path):
    table = tmp_path / "route"
    table.write_text(routes("lo\t0000007F\t00000000\t0001\t0\t0\t0\t000000FF\t0\t0\t0"))
    assert lan_address(table) is None
    table.write_text(routes("nosuch9\t00000000\t00000000\t0001\t0\t0\t0\t00000000\t0\t0\t0"))
    assert lan_address(table) is None  # an interface that is not there, no gateway


def real_default() -> tuple[str, str] | None:
    """The default route of this machine (interface, gateway), as the kernel says."""
    text = Path("/proc/net/route").read_text()
    for line in text.splitlines()[1:]:
        fields = line.split()
        if fields[1] == "00000000" and fields[7] == "00000000" and int(fields[3], 16) & 1:
            return fields[0], socket.inet_ntoa(int(fields[2], 16).to_bytes(4, "little"))
    return None


def test_this_machine_s_address_is_its_default_route_s():
    """On this machine: with a default route, an address of its interface that is not
    loopback (as the kernel would send from to the gateway); without one, none from it."""
    default = real_default()
    found = lan_address()
    if default is None:
        assert found is None or not ipaddress.ip_address(found).is_loopback
        return
    interface, gateway = default
    assert found is not None, f"no address for the default route on {interface}"
    assert not ipaddress.ip_address(found).is_loopback
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect((gateway if gateway != "0.0.0.0" else "192.0.2.1", 9))
        assert found == probe.getsockname()[0]
    with socket.socket() as sock:  # and it is this machine's: it can be listened on
        sock.bind((found, 0))


def start(db: Path, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", CLI, "serve", "--db", str(db), "--port", "0", "--no-qr", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def port_of(line: str, address: str) -> int:
    """The port of the "Serving ... at http://ADDRESS:PORT" line (which must name `address`)."""
    match = re.search(rf"at http://{re.escape(address)}:(\d+) ", line)
    assert match, line
    return int(match[1])


def get(address: str, port: int, path: str, host: str | None = None) -> int:
    connection = http.client.HTTPConnection(address, port, timeout=20)
    try:
        connection.request("GET", path, headers={"host": host or f"{address}:{port}"})
        return connection.getresponse().status
    finally:
        connection.close()


def test_serve_lan_listens_on_the_routing_table_s_address(db):
    core.new(db, "tally", "t", {"players": ["ann"]})
    address = lan_address()
    if address is None:  # a machine without a network: the one line, exit 2
        done = cli(db, "serve", "--lan", "--port", "0")
        assert (done.returncode, done.stdout) == (2, "")
        assert done.stderr.startswith("deaddrop: --lan: this machine has no local-network")
        return
    process = start(db, "--lan")
    try:
        lines = lines_until(process, r"^  spectators .*/p/\w+$")
        port = port_of(lines[0], address)
        code = table_code(db, (db.parent / (db.name + ".links-key")).read_bytes(), "t", "ann")
        assert lines[3] == f"  ann         http://{address}:{port}/p/{code}"
        assert get(address, port, f"/api/{code}/state") == 200
        # the server answers to its address only: another name for it is refused
        assert get(address, port, f"/api/{code}/state", host=f"localhost:{port}") == 403
        with pytest.raises(ConnectionRefusedError):  # not on loopback
            get("127.0.0.1", port, f"/api/{code}/state")
    except BaseException:
        process.kill()
        raise
    returncode, _, err = stop(process)
    assert returncode == 0
    assert err == (
        f"deaddrop serve: warning: listening on {address}, beyond this machine: anyone on the "
        "network who has a link can see that seat's secrets and act for it\n"
    )


def test_every_address_links_name_the_routing_table_s(db):
    core.new(db, "tally", "t", {"players": ["ann"]})
    address = lan_address() or "127.0.0.1"
    process = start(db, "--host", "0.0.0.0")
    try:
        lines = lines_until(process, r"^  spectators .*/p/\w+$")
        port = port_of(lines[0], address)
        code = lines[3].rsplit("/", 1)[1]
        assert get(address, port, f"/api/{code}/state") == 200
        assert get("127.0.0.1", port, f"/api/{code}/state") == 200  # every address
        assert get("127.0.0.1", port, f"/api/{code}/state", host=f"evil.example:{port}") == 403
    except BaseException:
        process.kill()
        raise
    assert stop(process)[0] == 0


def test_lan_and_host_together_or_no_network_are_one_line(db, monkeypatch, capsys):
    core.new(db, "tally", "t", {})
    both = cli(db, "serve", "--lan", "--host", "127.0.0.1", "--port", "0")
    assert (both.returncode, both.stdout) == (2, "")
    assert both.stderr == (
        "deaddrop: --lan and --host cannot be used together: --lan listens on this machine's "
        "local-network address, --host on the one given\n"
    )
    monkeypatch.setattr(serve_command, "lan_address", lambda: None)
    from deaddrop.commands.main import main

    monkeypatch.setattr(sys, "argv", ["deaddrop", "serve", "--lan", "--db", str(db)])
    with pytest.raises(SystemExit) as exit_:
        main()
    assert exit_.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        "deaddrop: --lan: this machine has no local-network address (no route in its routing "
        "table but loopback's): join a network, or pass --host ADDRESS\n"
    )
