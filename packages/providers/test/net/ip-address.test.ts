import { describe, expect, it } from "vitest";
import { classifyAddress, ipLiteralOf } from "../../src/net/ip-address.js";

describe("classifyAddress", () => {
  it.each([
    ["8.8.8.8", "public"],
    ["93.184.216.34", "public"],
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["172.32.0.1", "public"],
    ["192.168.10.1", "private"],
    ["100.64.0.1", "shared_cgnat"],
    ["100.127.255.255", "shared_cgnat"],
    ["100.128.0.1", "public"],
    ["169.254.169.254", "metadata"],
    ["169.254.1.1", "link_local"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["240.0.0.1", "reserved"],
    ["198.18.0.1", "reserved"],
    ["192.0.2.1", "documentation"],
    ["::1", "loopback"],
    ["::", "unspecified"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:a9fe:a9fe", "metadata"],
    ["::ffff:8.8.8.8", "public"],
    ["::127.0.0.1", "loopback"],
    ["::ffff:0:10.0.0.1", "private"],
    ["64:ff9b::7f00:1", "loopback"],
    ["64:ff9b::808:808", "public"],
    ["64:ff9b:1::1", "private"],
    ["2002:7f00:1::1", "loopback"],
    ["2002:c0a8:101::1", "private"],
    ["2002:808:808::1", "tunnel"],
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "tunnel"],
    ["2001:db8::1", "documentation"],
    ["fd00::1", "unique_local"],
    ["fc00::1", "unique_local"],
    ["fd00:ec2::254", "metadata"],
    ["fe80::1", "link_local"],
    ["fe80::1%eth0", "link_local"],
    ["ff02::1", "multicast"],
    ["2606:4700:4700::1111", "public"],
    ["2a00:1450:4001:80b::200e", "public"],
    ["example.com", "invalid"],
    ["1.2.3", "invalid"],
  ] as const)("%s is %s", (ip, cls) => {
    expect(classifyAddress(ip)).toBe(cls);
  });

  it("reads URL host literals", () => {
    expect(ipLiteralOf("[::1]")).toBe("::1");
    expect(ipLiteralOf("10.0.0.1")).toBe("10.0.0.1");
    expect(ipLiteralOf("example.com")).toBeNull();
  });
});
